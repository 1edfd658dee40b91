import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The templates folder: one plain file per kind of notification. `npm run build` copies it next to
 * the bundled server (dist/server/templates), so this path holds in both.
 */
export const TEMPLATES_DIR = fileURLToPath(new URL('./templates/', import.meta.url));

/** Where a template's message may go: the in-app inbox, email, or both (the default). */
export type Channel = 'inapp' | 'email';
/** 'security' is always emailed; 'admin' goes to the super admin; the others follow the user's preferences. */
export type TemplateGroup = 'orders' | 'wallet' | 'news' | 'security' | 'admin';

/** What the in-app notification shows of the body: its first paragraph (the default; the link has the rest) or all of it (news, whose link has nothing more). */
export type Summary = 'first paragraph' | 'whole body';

type Template = {
  kind: string;
  group: TemplateGroup;
  channels: Channel[];
  subject: string;
  title: string;
  link: string;
  summary: Summary;
  body: string;
};

/** What a template renders to: the in-app title and summary, the link, the email's subject and both parts. */
export type Rendered = {
  kind: string;
  group: TemplateGroup;
  channels: Channel[];
  subject: string;
  title: string;
  summary: string;
  link: string;
  text: string;
  html: string;
};

const GROUPS: TemplateGroup[] = ['orders', 'wallet', 'news', 'security', 'admin'];
const cache = new Map<string, Template>();

/** The kinds there are templates for (the file names without `.txt`). */
export function templateKinds(dir = TEMPLATES_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/**
 * Parses a template file: header lines `name: value` (group, channels, subject, title, link and,
 * optionally, summary), a line `---`, then the plain-text body. Throws on a file that lacks any of them.
 */
export function parseTemplate(kind: string, source: string): Template {
  const [head, ...rest] = source.replace(/\r\n/g, '\n').split('\n---\n');
  if (rest.length === 0) throw new Error(`Template ${kind}: no '---' line between the header and the body`);
  const fields = new Map<string, string>();
  for (const line of head.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at < 0) throw new Error(`Template ${kind}: header line without a name: ${line}`);
    fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const need = (name: string) => {
    const v = fields.get(name);
    if (!v) throw new Error(`Template ${kind}: no ${name}`);
    return v;
  };
  const group = need('group') as TemplateGroup;
  if (!GROUPS.includes(group)) throw new Error(`Template ${kind}: unknown group ${group}`);
  const channels = (fields.get('channels') ?? 'inapp, email').split(',').map((c) => c.trim()) as Channel[];
  if (channels.some((c) => c !== 'inapp' && c !== 'email'))
    throw new Error(`Template ${kind}: channels are inapp and email`);
  const summary = (fields.get('summary') ?? 'first paragraph') as Summary;
  if (summary !== 'first paragraph' && summary !== 'whole body')
    throw new Error(`Template ${kind}: summary is 'first paragraph' or 'whole body'`);
  return {
    kind,
    group,
    channels,
    subject: need('subject'),
    title: need('title'),
    link: need('link'),
    summary,
    body: rest.join('\n---\n').trim(),
  };
}

function loadTemplate(kind: string): Template {
  const known = cache.get(kind);
  if (known) return known;
  if (!/^[a-z0-9-]+$/.test(kind)) throw new Error(`No notification template ${kind}`);
  let source: string;
  try {
    source = readFileSync(`${TEMPLATES_DIR}${kind}.txt`, 'utf8');
  } catch {
    throw new Error(`No notification template ${kind}`);
  }
  const t = parseTemplate(kind, source);
  cache.set(kind, t);
  return t;
}

/** Fills `{{name}}` with data[name]; a name the data lacks throws, so a template never goes out with a hole. */
function fill(
  kind: string,
  text: string,
  data: Record<string, string>,
  escape: (s: string) => string = (s) => s,
): string {
  return text.replace(/\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g, (_, name: string) => {
    const v = data[name];
    if (v === undefined) throw new Error(`Template ${kind} needs {{${name}}}`);
    return escape(v);
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Renders a kind with its data; `appUrl` makes the email's link absolute (the in-app link stays a path). */
export function renderTemplate(kind: string, data: Record<string, string>, appUrl: string): Rendered {
  const t = loadTemplate(kind);
  const link = fill(kind, t.link, data);
  if (!link.startsWith('/')) throw new Error(`Template ${kind}: its link must be a path in the app`);
  const body = fill(kind, t.body, data);
  const title = fill(kind, t.title, data);
  const summary = t.summary === 'whole body' ? body.trim() : body.split(/\n\s*\n/)[0].replace(/\s*\n\s*/g, ' ');
  const url = `${appUrl.replace(/\/$/, '')}${link}`;
  const footer = 'Haat: the open marketplace for India.';
  const text = `${body}\n\nOpen it in Haat: ${url}\n\n--\n${footer}\n`;
  const paragraphs = fill(kind, t.body, data, escapeHtml)
    .split(/\n\s*\n/)
    .map((p) => `<p style="margin:0 0 12px">${p.trim().replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">',
    '<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#6d28d9">Haat</p>',
    `<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(title)}</h1>`,
    paragraphs,
    `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#6d28d9;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">Open in Haat</a></p>`,
    `<p style="margin:24px 0 0;border-top:1px solid #e2e8f0;padding-top:12px;font-size:12px;color:#475569">${footer}</p>`,
    '</div></body></html>',
  ].join('\n');
  return {
    kind,
    group: t.group,
    channels: t.channels,
    subject: fill(kind, t.subject, data),
    title,
    summary,
    link,
    text,
    html,
  };
}
