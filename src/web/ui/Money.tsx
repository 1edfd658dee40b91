import { formatRupees } from '../../domain/money';
import { cn } from './cn';

/** A price from integer paise: `₹1,23,456`; `original` strikes it through. */
export function Money({ paise, original, className }: { paise: number; original?: boolean; className?: string }) {
  if (original) {
    return (
      <s className={cn('text-slate-500', className)}>
        <span className="sr-only">Original price </span>
        {formatRupees(paise)}
      </s>
    );
  }
  return <span className={className}>{formatRupees(paise)}</span>;
}
