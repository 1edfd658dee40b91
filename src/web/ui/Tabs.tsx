import { useId, useRef, type KeyboardEvent } from 'react';
import { cn } from './cn';

export type TabItem<K extends string> = { key: K; label: string; count?: number };

/** Accessible tabs (role tablist, arrow keys); the caller renders the panel with `tabPanelProps`. */
export function Tabs<K extends string>({ tabs, active, onChange, label }: { tabs: TabItem<K>[]; active: K; onChange: (k: K) => void; label: string }) {
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
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
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
            t.key === active ? 'border-violet-700 text-violet-800' : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {t.label}
          {t.count !== undefined && <span className="ml-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t.count}</span>}
        </button>
      ))}
    </div>
  );
}
