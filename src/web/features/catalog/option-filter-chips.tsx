import type { ProductOptionFacets } from '../../../contracts/catalog.contract';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/States';
import { optionGroups } from './search-params';

type ChipsProps = {
  facets: { data: ProductOptionFacets | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  chosen: string[];
  onToggle: (param: string) => void;
};

/**
 * The sizes, colours and other option values of the search's products as toggle chips, one group
 * per option (Size, Colour). Values of one option are alternatives (M or L); options combine (M in
 * Indigo). Nothing shows when no product of the search has options.
 */
export function OptionFilterChips({ facets, chosen, onToggle }: ChipsProps) {
  if (facets.isPending && chosen.length === 0) {
    return (
      <div role="status" aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading sizes and colours</span>
        <Skeleton className="h-4 w-16" />
        <div className="flex flex-wrap gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-11" />
          ))}
        </div>
      </div>
    );
  }
  if (facets.isError && chosen.length === 0) {
    return (
      <div className="text-sm text-slate-700">
        <p>Sizes and colours could not be loaded.</p>
        <Button variant="ghost" size="sm" className="-ml-3 text-violet-800" onClick={() => facets.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const groups = optionGroups(facets.data?.options, chosen);
  if (groups.length === 0) return null;
  return (
    <div className="space-y-4">
      {groups.map((g) => (
        <fieldset key={g.name}>
          <legend className="text-sm font-medium text-slate-700">{g.name}</legend>
          <ul className="mt-2 flex flex-wrap gap-2">
            {g.values.map((v) => {
              const on = chosen.includes(v.param);
              return (
                <li key={v.param}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => onToggle(v.param)}
                    className={cn(
                      'min-h-9 min-w-11 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors',
                      on
                        ? 'border-violet-700 bg-violet-700 text-white hover:bg-violet-800'
                        : 'border-slate-300 bg-white text-slate-800 hover:border-violet-400 hover:bg-violet-50',
                    )}
                  >
                    <span className="sr-only">{g.name} </span>
                    {v.value}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
