import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from './cn';

/** Keeps a quantity inside min..max as a whole number. */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.trunc(value), min), Math.max(min, max));
}

type QuantityStepperProps = {
  value: number;
  onChange: (value: number) => void;
  /** 1 unless told. */
  min?: number;
  max: number;
  /** The visible or screen-reader label of the number input. */
  label?: string;
  /** Show the label only to screen readers. */
  hideLabel?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
};

/**
 * Minus and plus buttons around a number input; every value it reports is clamped to min..max.
 * Typing is free while the field has focus (so "12" can be typed); the value settles on blur.
 * The buttons are named 'Decrease' and 'Increase' and described by the label, so the label names
 * only the input.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label = 'Quantity',
  hideLabel,
  disabled,
  size = 'md',
  className,
}: QuantityStepperProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const set = (v: number) => {
    const next = clampQuantity(v, min, max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const box = size === 'sm' ? 'h-8 w-8' : 'h-10 w-10';
  const button = cn(
    'flex items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
    box,
  );

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label
        id={`${id}-label`}
        htmlFor={id}
        className={cn('text-sm font-medium text-slate-700', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <div className="inline-flex w-fit items-stretch overflow-hidden rounded-lg border border-slate-300 bg-white">
        <button
          type="button"
          className={cn(button, 'rounded-l-lg')}
          aria-label="Decrease"
          aria-describedby={`${id}-label`}
          aria-controls={id}
          disabled={disabled || value <= min}
          onClick={() => set(value - 1)}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number(e.target.value);
            if (
              e.target.value !== '' &&
              Number.isFinite(n) &&
              n >= min &&
              n <= max &&
              Number.isInteger(n) &&
              n !== value
            )
              onChange(n);
          }}
          onBlur={() => set(draft === '' ? value : Number(draft))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set(draft === '' ? value : Number(draft));
          }}
          className={cn(
            'w-14 border-x border-slate-300 text-center text-sm font-medium text-slate-900 [appearance:textfield] focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-600 disabled:bg-slate-100 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          )}
        />
        <button
          type="button"
          className={cn(button, 'rounded-r-lg')}
          aria-label="Increase"
          aria-describedby={`${id}-label`}
          aria-controls={id}
          disabled={disabled || value >= max}
          onClick={() => set(value + 1)}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
