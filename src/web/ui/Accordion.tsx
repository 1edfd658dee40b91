import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from './cn';

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

type AccordionProps = {
  items: AccordionItem[];
  /** The item open at first; none when omitted. */
  defaultOpenId?: string | null;
  /** The heading level wrapping each button, 3 unless told. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/**
 * A list of collapsible sections with at most one open at a time. Opening one closes the other;
 * activating the open one closes it. Each header is a button with aria-expanded and aria-controls,
 * each panel a region labelled by its button.
 */
export function Accordion({ items, defaultOpenId = null, headingLevel = 3, className }: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <div
      className={cn(
        'divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm',
        className,
      )}
    >
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${baseId}-button-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className={cn(
                  'flex w-full items-center justify-between gap-4 px-4 py-4 text-left text-base font-medium text-slate-900 transition-colors hover:bg-slate-50',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-inset',
                )}
              >
                <span>{item.title}</span>
                <ChevronDown
                  className={cn('h-5 w-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-4 pb-4 text-sm leading-relaxed text-slate-700"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
