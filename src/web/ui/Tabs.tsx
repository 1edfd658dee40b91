import { useId, useRef, type KeyboardEvent } from 'react';
import { cn } from './cn';

export type TabItem<K extends string> = { key: K; label: string; count?: number };

type TabsProps<K extends string> = {
  tabs: TabItem<K>[];
  active: K;
  onChange: (k: K) => void;
  label: string;
  /** On a phone, the tabs share the width (each count under its label), so all of them show without scrolling. */
  fill?: boolean;
};

/** Accessible tabs (role tablist, arrow keys); the caller renders the panel with `tabPanelProps`. */
export function Tabs<K extends string>({ tabs, active, onChange, label, fill }: TabsProps<K>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent, i: number) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    const next = (i + d + tabs.length) % tabs.length;
    refs.current[next]?.focus();
    onChange(tabs[next].key);
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn('flex overflow-x-auto border-b border-slate-200', fill ? 'sm:gap-1' : 'gap-1')}
    >
      {tabs.map((t, i) => (
        <button
          key={t.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          role="tab"
          type="button"
          id={`${base}-${t.key}`}
          aria-selected={t.key === active}
          tabIndex={t.key === active ? 0 : -1}
          onClick={() => onChange(t.key)}
          onKeyDown={(e) => onKey(e, i)}
          className={cn(
            '-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium',
            fill && 'flex min-w-0 flex-1 flex-col items-center gap-1 px-1 sm:flex-none sm:flex-row sm:gap-0 sm:px-4',
            t.key === active
              ? 'border-violet-700 text-violet-800'
              : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {t.label}
          {t.count !== undefined && (
            <span
              className={cn(
                'rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700',
                fill ? 'sm:ml-1.5' : 'ml-1.5',
              )}
            >
              {t.count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
