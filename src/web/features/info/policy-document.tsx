import type { ReactNode } from 'react';
import { Page } from '../../ui/Page';

/** One block of a policy section: a paragraph, a sub-heading, a list, numbered steps or a table. */
export type PolicyBlock =
  | string
  | { subheading: string }
  | { list: string[] }
  | { steps: { title: string; text: string }[] }
  | { table: { caption: string; head: string[]; rows: string[][] } };

export type PolicySection = { id: string; heading: string; blocks: PolicyBlock[] };

export type PolicyContent = {
  title: string;
  lead: string;
  /** Shown as "Last updated", formatted like 1 Nov 2026. */
  updated: string;
  sections: PolicySection[];
};

/** A text page (privacy, terms, returns): a table of contents, then numbered sections with h2 headings. */
export function PolicyDocument({ content, children }: { content: PolicyContent; children?: ReactNode }) {
  return (
    <Page title={content.title} lead={content.lead} narrow>
      <p className="text-sm text-slate-600">Last updated: {content.updated}</p>

      <nav aria-labelledby="policy-contents" className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-5">
        <h2 id="policy-contents" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          On this page
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm marker:text-slate-500">
          {content.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded-sm text-violet-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {content.sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </div>
        </section>
      ))}

      {children && <div className="mt-10">{children}</div>}
    </Page>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('subheading' in block) return <h3 className="pt-2 font-semibold text-slate-900">{block.subheading}</h3>;
  if ('list' in block)
    return (
      <ul className="list-disc space-y-1.5 pl-5 marker:text-violet-700">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if ('steps' in block)
    return (
      <ol className="space-y-3">
        {block.steps.map((step, i) => (
          <li key={step.title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <span
              className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-violet-700 text-sm font-semibold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div>
              <p className="font-semibold text-slate-900">{step.title}</p>
              <p className="mt-0.5 text-sm text-slate-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">{block.table.caption}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {block.table.head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2.5 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {block.table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-4 py-2.5 font-medium text-slate-900">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-4 py-2.5 text-slate-700">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
