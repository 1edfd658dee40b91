import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ObjectStorage } from '../platform/object-storage';
import type { CategorySlug } from './demo-products';

/** An image written to the pictures' store, with what the images table records about it. */
export type StoredImage = {
  filename: string;
  thumbnailFilename: string;
  width: number;
  height: number;
  sizeBytes: number;
};

const FONT = 'DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif';

/** Base hue and a white icon (drawn around 0,0 within about 110 units) per category. */
const CATEGORY_STYLE: Record<CategorySlug, { label: string; hue: number; icon: (accent: string) => string }> = {
  electronics: {
    label: 'Electronics',
    hue: 218,
    icon: () =>
      '<rect x="-100" y="-75" width="200" height="130" rx="16" fill="none" stroke="#fff" stroke-width="16"/>' +
      '<rect x="-18" y="55" width="36" height="30" fill="#fff"/><rect x="-62" y="82" width="124" height="16" rx="8" fill="#fff"/>',
  },
  fashion: {
    label: 'Fashion',
    hue: 330,
    icon: () =>
      '<path d="M-40,-88 L-108,-56 L-80,4 L-58,-8 L-58,92 L58,92 L58,-8 L80,4 L108,-56 L40,-88 Q0,-48 -40,-88 Z" fill="#fff"/>',
  },
  'home-living': {
    label: 'Home & Living',
    hue: 28,
    icon: (accent) =>
      '<path d="M0,-100 L110,0 L78,0 L78,92 L-78,92 L-78,0 L-110,0 Z" fill="#fff"/>' +
      `<rect x="-24" y="28" width="48" height="64" rx="6" fill="${accent}"/>`,
  },
  books: {
    label: 'Books',
    hue: 262,
    icon: () =>
      '<path d="M-108,-62 Q-56,-86 -8,-58 L-8,88 Q-56,62 -108,78 Z M108,-62 Q56,-86 8,-58 L8,88 Q56,62 108,78 Z" fill="#fff"/>',
  },
  'sports-gaming': {
    label: 'Sports & Gaming',
    hue: 142,
    icon: (accent) =>
      '<circle r="100" fill="#fff"/>' +
      `<path d="M-70,-72 Q-10,0 -70,72 M70,-72 Q10,0 70,72" fill="none" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>`,
  },
  'health-beauty': {
    label: 'Health & Beauty',
    hue: 172,
    icon: (accent) =>
      '<g transform="rotate(35)"><path d="M0,-110 C78,-44 78,44 0,110 C-78,44 -78,-44 0,-110 Z" fill="#fff"/>' +
      `<path d="M0,-78 L0,96" stroke="${accent}" stroke-width="10" stroke-linecap="round"/></g>`,
  },
};

/** An HSL colour as #rrggbb (h in degrees, s and l in percent). */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small stable number from a string, to vary the colour a little per product. */
function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** Splits a name into at most `maxLines` lines of about `width` characters; the last line ends in an ellipsis when cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/ +/).filter(Boolean)) {
    if (current && `${current} ${word}`.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, width - 1).replace(/[\s,]+$/, '')}…`;
  return kept;
}

/** The 800x800 SVG of a product picture: a soft gradient, the category icon and the product name. */
export function productSvg(name: string, category: CategorySlug): string {
  const style = CATEGORY_STYLE[category];
  const hue = (style.hue + (hash(name) % 25) - 12 + 360) % 360;
  const accent = hsl(hue, 58, 42);
  // Keep a number with its unit ("30 ml", "1.5 Ton") on one line.
  const lines = wrapText(name.replace(/(\d) (?=[A-Za-z]{1,6}\b)/g, '$1\u00a0'), 22, 3);
  const fontSize = lines.length > 2 ? 46 : 52;
  const lineHeight = Math.round(fontSize * 1.22);
  const firstY = 610 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, i) => `<text x="400" y="${firstY + i * lineHeight}" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 75, 95)}"/><stop offset="1" stop-color="${hsl(hue, 65, 82)}"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<circle cx="640" cy="140" r="210" fill="${hsl(hue, 70, 88)}" opacity="0.6"/>
<circle cx="400" cy="300" r="175" fill="${accent}"/>
<g transform="translate(400 300) scale(1.05)">${style.icon(accent)}</g>
<text x="400" y="80" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="4" fill="${hsl(hue, 45, 35)}">${escapeXml(style.label.toUpperCase())}</text>
<g font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="${hsl(hue, 45, 16)}">${text}</g>
</svg>`;
}

/** The 400x400 SVG of a shop logo: the shop's initials on a coloured disc. */
export function logoSvg(shopName: string, hue: number): string {
  const initials = shopName
    .split(/[\s&]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="${hsl(hue, 70, 94)}"/>
<circle cx="200" cy="200" r="170" fill="${hsl(hue, 58, 40)}"/>
<circle cx="200" cy="200" r="150" fill="none" stroke="#fff" stroke-width="6" opacity="0.7"/>
<text x="200" y="242" text-anchor="middle" font-family="${FONT}" font-size="128" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}

/**
 * Renders an SVG to a WebP picture and a square WebP thumbnail in `storage`, under fresh server-made
 * names; both names are added to `written` before writing, so a caller can clean up after a failure.
 */
export async function renderSvgToWebp(
  svg: string,
  storage: ObjectStorage,
  size: number,
  thumbSize: number,
  written: string[],
): Promise<StoredImage> {
  const base = randomUUID();
  const filename = `${base}.webp`;
  const thumbnailFilename = `${base}-thumb.webp`;
  written.push(filename, thumbnailFilename);
  const source = sharp(Buffer.from(svg));
  const [main, thumb] = await Promise.all([
    source.clone().resize(size, size).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
    source.clone().resize(thumbSize, thumbSize).webp({ quality: 80 }).toBuffer(),
  ]);
  await Promise.all([
    storage.put(filename, main.data, 'image/webp'),
    storage.put(thumbnailFilename, thumb, 'image/webp'),
  ]);
  return { filename, thumbnailFilename, width: main.info.width, height: main.info.height, sizeBytes: main.data.length };
}

/** Runs `fn` over `items` with at most `size` calls in flight, keeping the order of the results; a failure stops after its batch settles. */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    const settled = await Promise.allSettled(items.slice(i, i + size).map((item, j) => fn(item, i + j)));
    for (const s of settled) {
      if (s.status === 'rejected') throw s.reason;
      results.push(s.value);
    }
  }
  return results;
}
