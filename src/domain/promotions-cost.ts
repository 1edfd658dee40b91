// Haat's promotion cost as a ledger (docs/promotions.md): what Haat owes for each Haat-funded
// discount, per order line and promotion, granted when the order is placed and given back when
// items are cancelled or returned, so that what is granted less what is given back is always the
// Haat-funded discount of the items kept.
import { monthlyPromotionCost } from './promotions-tax';
import { cumulativeShare } from './returns';

/** One promotion's Haat-funded discount on one line: granted at placement, and what is left of it now. */
export type PromotionCostHeld = { promotionId: string; grantedPaise: number; leftPaise: number };

/**
 * What units from+1..to of a line (of `quantity` units) give back of Haat's cost, split by promotion:
 * the line's Haat-funded discount shared by units as refunds share it (unitsShare, on cumulativeShare),
 * so the line gives back exactly haatCostBackPaise for those units; each promotion first takes its own
 * cumulative share of the units, then the paise rounding left over are moved, in promotion id order,
 * so that no promotion gives back more than is left of it, nor less than nothing. Returning the last
 * units gives back everything left. Never more in all than is left.
 */
export function promotionCostBack(
  line: { quantity: number },
  from: number,
  to: number,
  held: readonly PromotionCostHeld[],
): { promotionId: string; paise: number }[] {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to > line.quantity || from > to)
    throw new RangeError(`not units of the line: ${from}..${to} of ${line.quantity}`);
  const sorted = [...held].sort((a, b) => (a.promotionId < b.promotionId ? -1 : 1));
  const granted = sorted.reduce((s, h) => s + h.grantedPaise, 0);
  const left = sorted.reduce((s, h) => s + h.leftPaise, 0);
  const total = Math.min(left, cumulativeShare(granted, from, to, line.quantity));
  const back = sorted.map((h) => Math.min(h.leftPaise, cumulativeShare(h.grantedPaise, from, to, line.quantity)));
  let diff = total - back.reduce((s, x) => s + x, 0);
  for (let i = 0; i < sorted.length && diff !== 0; i++) {
    const move = diff > 0 ? Math.min(diff, sorted[i].leftPaise - back[i]) : -Math.min(-diff, back[i]);
    back[i] += move;
    diff -= move;
  }
  return sorted.map((h, i) => ({ promotionId: h.promotionId, paise: back[i] })).filter((b) => b.paise > 0);
}

/** A month's promotion cost ledger, by promotion: what was granted, given back, and the net (granted - given back). */
export type PromotionCostOfMonth = {
  promotionId: string;
  grantedPaise: number;
  givenBackPaise: number;
  netPaise: number;
};

/**
 * One month's figures per promotion from its ledger lines (each with its India date): granted, given
 * back and net, each summed by monthlyPromotionCost, so net = granted - given back. Promotions in id order.
 */
export function promotionCostOfMonth(
  entries: readonly { promotionId: string; on: string; kind: 'granted' | 'given back'; paise: number }[],
  month: string,
): PromotionCostOfMonth[] {
  const inMonth = entries.filter((e) => e.on.slice(0, 7) === month);
  const sumOf = (list: typeof inMonth, sign: (e: (typeof inMonth)[number]) => number) =>
    new Map(
      monthlyPromotionCost(list.map((e) => ({ promotionId: e.promotionId, on: e.on, paise: sign(e) * e.paise }))).map(
        (r) => [r.promotionId, r.paise],
      ),
    );
  const granted = sumOf(
    inMonth.filter((e) => e.kind === 'granted'),
    () => 1,
  );
  const givenBack = sumOf(
    inMonth.filter((e) => e.kind === 'given back'),
    () => 1,
  );
  const net = sumOf(inMonth, (e) => (e.kind === 'granted' ? 1 : -1));
  return [...net.keys()].sort().map((promotionId) => ({
    promotionId,
    grantedPaise: granted.get(promotionId) ?? 0,
    givenBackPaise: givenBack.get(promotionId) ?? 0,
    netPaise: net.get(promotionId) ?? 0,
  }));
}
