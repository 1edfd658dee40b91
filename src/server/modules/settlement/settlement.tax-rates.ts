import { asc, desc, eq } from 'drizzle-orm';
import { rateMessages as m, taxRateKinds, type DatedRate, type RateStatus, type TaxRate, type TaxRateKind } from '../../../contracts/settlement-rates.contract';
import { basisPointsToPercent, percentToBasisPoints } from '../../../domain/money';
import { rateInForce } from '../../../domain/settlement';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { taxRates } from './settlement.tables';

// Issue 22: TCS, TDS (with and without a PAN) and the GST rate of goods with no HSN code, each a row
// with the date from which it applies and where it comes from.

type Row = typeof taxRates.$inferSelect;
const asRate = (r: Row) => ({ ...r, from: r.effectiveFrom });

/** Every tax rate, by kind (in the order of taxRateKinds), newest date first, each with its status on `day`. */
export async function listTaxRates(db: DbOrTx, day: string): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(desc(taxRates.effectiveFrom));
  const inForce = new Map(taxRateKinds.map((kind) => [kind, rateInForce(rows.filter((r) => r.kind === kind).map(asRate), day)?.id]));
  const statusOf = (r: Row): RateStatus => (r.effectiveFrom > day ? 'scheduled' : inForce.get(r.kind as TaxRateKind) === r.id ? 'in_force' : 'superseded');
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

/** The rate of a kind in force on `day` (YYYY-MM-DD, India), or null before its first row. */
export async function taxRateInForce(db: DbOrTx, kind: TaxRateKind, day: string): Promise<DatedRate | null> {
  const rows = await db.select().from(taxRates).where(eq(taxRates.kind, kind)).orderBy(asc(taxRates.effectiveFrom));
  const r = rateInForce(rows.map(asRate), day);
  return r ? { ratePercent: basisPointsToPercent(r.rateBp), effectiveFrom: r.effectiveFrom } : null;
}

export type NewTaxRate = { kind: TaxRateKind; ratePercent: number; effectiveFrom: string; source: string };

/** Adds a dated rate of one kind in the caller's transaction; 409 when that kind has a rate from that date. */
export async function addTaxRate(tx: Tx, input: NewTaxRate): Promise<{ id: string; kind: TaxRateKind; rateBp: number; effectiveFrom: string; source: string }> {
  const rateBp = percentToBasisPoints(input.ratePercent);
  const [row] = await tx
    .insert(taxRates)
    .values({ kind: input.kind, rateBp, effectiveFrom: input.effectiveFrom, source: input.source })
    .onConflictDoNothing()
    .returning({ id: taxRates.id });
  if (!row) throw new AppError('CONFLICT', m.duplicateTaxRate, { effectiveFrom: m.duplicateTaxRate });
  return { id: row.id, kind: input.kind, rateBp, effectiveFrom: input.effectiveFrom, source: input.source };
}
