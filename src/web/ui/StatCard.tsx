import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One figure of a dashboard, for a `<dl>`: an icon in a tinted square, its label, the value and an optional note under it. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone,
  note,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone: string;
  note?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="mt-2 truncate text-2xl font-bold text-slate-900">{value}</dd>
      {note && <dd className="mt-1 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}

/** A dashboard's figures: a section named by a heading only screen readers read, its StatCards up to five a row. */
export function StatGrid({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">{children}</dl>
    </section>
  );
}
