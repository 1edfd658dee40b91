import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from './cn';

const STARS = [1, 2, 3, 4, 5] as const;

/** A 0-5 rating as five stars (partly filled), with the number of ratings when given. */
export function StarRating({
  value,
  count,
  size = 'sm',
  showValue,
  className,
}: {
  value: number;
  count?: number;
  size?: 'sm' | 'md' | 'lg';
  showValue?: boolean;
  className?: string;
}) {
  const px = size === 'lg' ? 'h-6 w-6' : size === 'md' ? 'h-5 w-5' : 'h-4 w-4';
  const rounded = Math.round(value * 10) / 10;
  const label = `Rated ${rounded} out of 5${count !== undefined ? `, ${count.toLocaleString('en-IN')} ${count === 1 ? 'rating' : 'ratings'}` : ''}`;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span role="img" aria-label={label} className="inline-flex">
        {STARS.map((s) => {
          const fill = Math.max(0, Math.min(1, value - (s - 1)));
          return (
            <span key={s} className={cn('relative inline-block', px)} aria-hidden="true">
              <Star className={cn('absolute inset-0 text-slate-300', px)} fill="currentColor" strokeWidth={0} />
              {fill > 0 && (
                <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                  <Star className={cn('text-amber-500', px)} fill="currentColor" strokeWidth={0} />
                </span>
              )}
            </span>
          );
        })}
      </span>
      {showValue && (
        <span className="text-sm font-semibold text-slate-800" aria-hidden="true">
          {rounded.toFixed(1)}
        </span>
      )}
      {count !== undefined && (
        <span className="text-xs text-slate-600" aria-hidden="true">
          ({count.toLocaleString('en-IN')})
        </span>
      )}
    </span>
  );
}

/** Choosing 1 to 5 stars: a labelled radio group usable with the keyboard, with its error under it. */
export function StarRatingInput({
  value,
  onChange,
  label = 'Rating',
  error,
  name,
}: {
  value: number;
  onChange: (v: number) => void;
  label?: string;
  error?: string;
  name?: string;
}) {
  const id = useId();
  const group = name ?? `${id}-rating`;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="mt-1 flex gap-1">
        {STARS.map((s) => (
          <label
            key={s}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-600"
          >
            <input
              type="radio"
              name={group}
              value={s}
              checked={value === s}
              onChange={() => onChange(s)}
              className="sr-only"
            />
            <Star
              className={cn('h-7 w-7', s <= value ? 'text-amber-500' : 'text-slate-300')}
              fill="currentColor"
              strokeWidth={0}
              aria-hidden="true"
            />
            <span className="sr-only">{s === 1 ? '1 star' : `${s} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
