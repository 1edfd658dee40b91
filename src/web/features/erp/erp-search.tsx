import { FolderKanban, ListChecks, Loader2, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import { erpSearchQuerySchema } from '../../../contracts/erp-work.contract';
import { cn } from '../../ui/cn';
import { useSearchText } from '../../ui/use-search-text';
import { failure } from './erp-feedback';
import type { ErpTarget } from './erp-reveal';
import { useErpSearch } from './use-erp-header';

/** The pause after the last keystroke before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

type Choice = ErpTarget & { name: string; detail?: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The header's search (a combobox): projects by name and my tasks by title, grouped, as the employee
 * types. Arrow keys move through the results, Enter chooses, Escape closes the list (or clears the box).
 */
export function ErpSearch({ onChoose, className }: { onChoose: (target: ErpTarget) => void; className?: string }) {
  const base = useId();
  const inputId = `${base}-input`;
  const listId = `${base}-list`;
  const optionId = (i: number) => `${base}-option-${i}`;

  const { text, setText, q: settled } = useSearchText(SEARCH_DEBOUNCE_MS);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = text.trim();
  const search = useErpSearch(settled);

  const choices = useMemo<Choice[]>(() => {
    const data = search.data;
    if (!data) return [];
    return [
      ...data.projects.map((p) => ({ kind: 'project' as const, id: p.id, name: p.name })),
      ...data.tasks.map((t) => ({
        kind: 'task' as const,
        id: t.id,
        name: t.name,
        detail: t.projectName ?? 'No Project',
      })),
    ];
  }, [search.data]);

  // New results: nothing is highlighted until an arrow key says so.
  useEffect(() => setActive(-1), [search.data]);
  // The highlighted result stays in view as the arrow keys move through a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${base}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, base]);

  const shown = open && term.length > 0;
  const loading = term !== settled || search.isFetching;
  // An answer for the words in the box (not the previous one kept while the next loads).
  const answered = !loading && search.isSuccess && !search.isPlaceholderData;
  const failed = !loading && search.isError;
  const listed = shown && choices.length > 0;

  const status = !shown
    ? ''
    : loading
      ? 'Searching…'
      : failed
        ? failure('Search failed', search.error)
        : answered && choices.length === 0
          ? `No projects or tasks match '${settled}'`
          : answered
            ? `${plural(search.data.projects.length, 'project', 'projects')} and ${plural(search.data.tasks.length, 'task', 'tasks')} found. Use the up and down arrow keys to choose one.`
            : '';

  const choose = (choice: Choice) => {
    setOpen(false);
    setActive(-1);
    onChoose({ kind: choice.kind, id: choice.id });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = choices.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      if (n === 0) return;
      const down = e.key === 'ArrowDown';
      setActive((i) => (down ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter') {
      if (!shown) return;
      e.preventDefault();
      if (active >= 0 && active < n) choose(choices[active]);
      else if (failed) void search.refetch();
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  // The list closes when the focus leaves the search (a click on a result keeps it in the box).
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
      setOpen(false);
      setActive(-1);
    }
  };

  let index = -1;
  const group = (kind: Choice['kind'], title: string) => {
    const items = choices.filter((c) => c.kind === kind);
    if (items.length === 0) return null;
    const Icon = kind === 'project' ? FolderKanban : ListChecks;
    return (
      <div role="group" aria-label={title} className="py-1">
        <div aria-hidden="true" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
          {title}
        </div>
        {items.map((c) => {
          index += 1;
          const i = index;
          return (
            <div
              key={`${c.kind}-${c.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(c)}
              className={cn(
                'flex min-h-11 cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                i === active ? 'bg-violet-50 text-violet-900' : 'text-slate-800',
              )}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block break-words font-medium">{c.name}</span>
                {c.detail && <span className="block break-words text-xs text-slate-600">{c.detail}</span>}
              </span>
            </div>
          );
        })}
      </div>
    );
  };

  return (
    <div role="search" className={cn('relative', className)} onBlur={onBlur}>
      <label htmlFor={inputId} className="sr-only">
        Search projects and tasks
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={maxLengthOf(erpSearchQuerySchema.shape.q)}
        placeholder="Search projects and tasks"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-9 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-violet-600"
      />
      {shown && loading && (
        <Loader2
          className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 animate-spin text-slate-500"
          aria-hidden="true"
        />
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {status}
      </div>
      {shown && (
        <div className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg">
          {loading && <p className="px-3 py-2 text-sm text-slate-600">Searching…</p>}
          {failed && (
            <p className="px-3 py-2 text-sm text-red-700">
              {failure('Search failed', search.error)}{' '}
              <button
                type="button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void search.refetch()}
                className="rounded-sm font-medium text-violet-700 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                Retry
              </button>
            </p>
          )}
          {answered && choices.length === 0 && (
            <p className="break-words px-3 py-2 text-sm text-slate-600">
              No projects or tasks match &apos;{settled}&apos;
            </p>
          )}
          {listed && (
            <div id={listId} role="listbox" aria-label="Projects and tasks">
              {group('project', 'Projects')}
              {group('task', 'Tasks')}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
