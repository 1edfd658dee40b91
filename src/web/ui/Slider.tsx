import { useId, type ReactNode } from 'react';
import { cn } from './cn';

type SliderProps = {
  label: string;
  value: number;
  min?: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  /** What a screen reader says for a value, e.g. '120 points'. */
  valueText?: (value: number) => string;
  hint?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/**
 * A labelled range input: keyboard (arrows, Page Up/Down, Home/End) and screen readers work as
 * with any native slider; the filled part of the track shows the value.
 */
export function Slider({
  label,
  value,
  min = 0,
  max,
  step = 1,
  onChange,
  valueText,
  hint,
  disabled,
  id,
  className,
}: SliderProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const span = max - min;
  const filled = span > 0 ? ((Math.min(Math.max(value, min), max) - min) / span) * 100 : 0;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={valueText?.(value)}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
        style={{ background: `linear-gradient(to right, rgb(109 40 217) ${filled}%, rgb(226 232 240) ${filled}%)` }}
        className="h-2 w-full cursor-pointer appearance-none rounded-full accent-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 [&::-moz-range-thumb]:h-5 [&::-moz-range-thumb]:w-5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-violet-700 [&::-webkit-slider-thumb]:h-5 [&::-webkit-slider-thumb]:w-5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-violet-700 [&::-webkit-slider-thumb]:shadow"
      />
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{min.toLocaleString('en-IN')}</span>
        <span>{max.toLocaleString('en-IN')}</span>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
