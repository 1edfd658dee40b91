import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** A titled section of an information page (an h2 and its content). */
export function InfoSection({
  title,
  lead,
  children,
  className,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('mt-12 first:mt-0', className)}>
      <h2 id={id} className="text-xl font-semibold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {lead && <p className="mt-2 max-w-3xl text-slate-600">{lead}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export type IconCardItem = { icon: LucideIcon; title: string; text: ReactNode };

/** Cards with an icon, a title (h3) and a sentence, one column on a phone. */
export function IconCardGrid({ items, columns = 3 }: { items: readonly IconCardItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn(
        'grid grid-cols-1 gap-4',
        columns === 2 && 'sm:grid-cols-2',
        columns === 3 && 'sm:grid-cols-2 lg:grid-cols-3',
        columns === 4 && 'sm:grid-cols-2 lg:grid-cols-4',
      )}
    >
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, each with an icon, a title (h3) and a sentence, one column on a phone. */
export function StepList({
  steps,
  accent = 'violet',
}: {
  steps: readonly IconCardItem[];
  accent?: 'violet' | 'amber';
}) {
  return (
    <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="relative rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <span
              className={cn(
                'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
                accent === 'violet' ? 'bg-violet-700 text-white' : 'bg-amber-100 text-amber-800',
              )}
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-medium text-slate-600">Step {index + 1}</span>
          </div>
          <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The classes of a link that looks like a button (for react-router's Link). */
export function linkButtonClass(
  variant: 'primary' | 'secondary' | 'light' | 'outlineLight' = 'primary',
  className?: string,
) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2',
    variant === 'primary' && 'bg-violet-700 text-white hover:bg-violet-800',
    variant === 'secondary' && 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    variant === 'light' &&
      'bg-white text-violet-800 hover:bg-violet-50 focus-visible:ring-white focus-visible:ring-offset-violet-700',
    variant === 'outlineLight' &&
      'border border-white/80 text-white hover:bg-violet-800 focus-visible:ring-white focus-visible:ring-offset-violet-700',
    className,
  );
}

/** The class of an inline text link. */
export const textLinkClass =
  'font-medium text-violet-700 underline underline-offset-2 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-1 rounded-sm';
