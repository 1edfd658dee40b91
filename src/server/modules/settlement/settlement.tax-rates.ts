import { desc, lte } from 'drizzle-orm';
import {
  rateMessages as m,
  taxRateKinds,
  type RateStatus,
  type TaxRate,
  type TaxRateKind,
} from '../../../contracts/settlement-rates.contract';
import { basisPointsToPercent, percentToBasisPoints } from '../../../domain/money';
import { rateInForce } from '../../../domain/settlement';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { taxRates } from './settlement.tables';

// TCS, TDS (with and without a PAN) and the GST rate of goods with no HSN code, each a row
// with the date from which it applies and where it comes from.

type Row = typeof taxRates.$inferSelect;
const asRate = (r: Row) => ({ ...r, from: r.effectiveFrom });

/** Every tax rate, by kind (in the order of taxRateKinds), newest date first, each with its status on `day`. */
export async function listTaxRates(db: DbOrTx, day: string): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(desc(taxRates.effectiveFrom));
  const inForce = new Map(
    taxRateKinds.map((kind) => [kind, rateInForce(rows.filter((r) => r.kind === kind).map(asRate), day)?.id]),
  );
  const statusOf = (r: Row): RateStatus =>
    r.effectiveFrom > day ? 'scheduled' : inForce.get(r.kind as TaxRateKind) === r.id ? 'in_force' : 'superseded';
  return rows
    .map((r) => ({
      id: r.id,
      kind: r.kind as TaxRateKind,
      rateBp: r.rateBp,
      ratePercent: basisPointsToPercent(r.rateBp),
      effectiveFrom: r.effectiveFrom,
      source: r.source,
      status: statusOf(r),
      createdAt: r.createdAt.toISOString(),
    }))
    .sort((a, b) => taxRateKinds.indexOf(a.kind) - taxRateKinds.indexOf(b.kind));
}

/** A kind's rate in force on a day: its basis points and the date its row applies from. */
export type RateOnDay = { rateBp: number; effectiveFrom: string };

/**
 * The rate of every kind in force on `day` (YYYY-MM-DD, India): the row with the latest date on or
 * before it (rateInForce), null for a kind with no row by then. The one reader of tax_rates that
 * order placement, the HSN list and the payout details form all use.
 */
export async function taxRatesOn(db: DbOrTx, day: string): Promise<Record<TaxRateKind, RateOnDay | null>> {
  const rows = await db
    .select({ kind: taxRates.kind, rateBp: taxRates.rateBp, effectiveFrom: taxRates.effectiveFrom })
    .from(taxRates)
    .where(lte(taxRates.effectiveFrom, day));
  return ratesInForce(rows, day);
}

/** Of tax_rates rows dated on or before `day`, the rate of every kind in force that day (taxRatesOn's answer). */
export function ratesInForce(
  rows: readonly { kind: string; rateBp: number; effectiveFrom: string }[],
  day: string,
): Record<TaxRateKind, RateOnDay | null> {
  const of = (kind: TaxRateKind): RateOnDay | null => {
    const r = rateInForce(
      rows.filter((x) => x.kind === kind).map((x) => ({ ...x, from: x.effectiveFrom })),
      day,
    );
    return r ? { rateBp: r.rateBp, effectiveFrom: r.effectiveFrom } : null;
  };
  return Object.fromEntries(taxRateKinds.map((kind) => [kind, of(kind)])) as Record<TaxRateKind, RateOnDay | null>;
}

export type NewTaxRate = { kind: TaxRateKind; ratePercent: number; effectiveFrom: string; source: string };

/** Adds a dated rate of one kind in the caller's transaction; 409 when that kind has a rate from that date. */
export async function addTaxRate(
  tx: Tx,
  input: NewTaxRate,
): Promise<{ id: string; kind: TaxRateKind; rateBp: number; effectiveFrom: string; source: string }> {
  const rateBp = percentToBasisPoints(input.ratePercent);
  const [row] = await tx
    .insert(taxRates)
    .values({ kind: input.kind, rateBp, effectiveFrom: input.effectiveFrom, source: input.source })
    .onConflictDoNothing()
    .returning({ id: taxRates.id });
  if (!row) throw new AppError('CONFLICT', m.duplicateTaxRate, { effectiveFrom: m.duplicateTaxRate });
  return { id: row.id, kind: input.kind, rateBp, effectiveFrom: input.effectiveFrom, source: input.source };
}
