import { formatRupees } from '../../domain/money';

/** One promotion applied to a cart: its code or name, what it saves and why. */
export type AppliedOffer = { key: string; title: string; savedPaise: number; explanation: string };

/** 'Offers applied': each promotion a cart gets, with what it saves, in the cart and at checkout. */
export function AppliedOffers({ offers }: { offers: readonly AppliedOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <ul aria-label="Offers applied" className="space-y-1.5">
      {offers.map((p) => (
        <li key={p.key} className="rounded-lg bg-green-50 px-3 py-2 text-sm">
          <span className="font-medium text-green-800">
            {p.title} · You save {formatRupees(p.savedPaise)}
          </span>
          <span className="block text-xs text-slate-700">{p.explanation}</span>
        </li>
      ))}
    </ul>
  );
}
