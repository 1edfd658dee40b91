import { Coins } from 'lucide-react';
import { cn } from './cn';

/** Reward points as an amber coin badge: `+45 pts`. */
export function PointsBadge({
  points,
  sign = '+',
  className,
}: {
  points: number;
  sign?: '+' | '' | '-';
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900',
        className,
      )}
    >
      <Coins className="h-3.5 w-3.5" aria-hidden="true" />
      {sign}
      {points.toLocaleString('en-IN')} pts
    </span>
  );
}
