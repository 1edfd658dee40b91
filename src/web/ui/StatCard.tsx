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
