import { asc, eq } from 'drizzle-orm';
import { rateMessages as m, type DatedRate, type HsnCode } from '../../../contracts/settlement-rates.contract';
import { rateInForce } from '../../../domain/settlement';
import { basisPointsToPercent, percentToBasisPoints } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { hsnCodes, hsnGstRates } from './catalog.tables';

// The HSN list the super admin maintains and vendors choose a product's GST rate from.
// A rate is a row with the date from which it applies; a change is a new row, never an update.

const dated = (r: { rateBp: number; from: string } | null | undefined): DatedRate | null =>
  r ? { ratePercent: basisPointsToPercent(r.rateBp), effectiveFrom: r.from } : null;

/** Every code of the list by code, each with the GST rate in force on `day` (YYYY-MM-DD, India) and the next one scheduled after it. */
export async function listHsnCodes(db: DbOrTx, day: string): Promise<HsnCode[]> {
  const [codes, rates] = await Promise.all([
    db.select({ code: hsnCodes.code, description: hsnCodes.description }).from(hsnCodes).orderBy(asc(hsnCodes.code)),
    db
      .select({ code: hsnGstRates.hsnCode, rateBp: hsnGstRates.rateBp, from: hsnGstRates.effectiveFrom })
      .from(hsnGstRates)
      .orderBy(asc(hsnGstRates.effectiveFrom)),
  ]);
  const byCode = new Map<string, { rateBp: number; from: string }[]>();
  for (const r of rates) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
  return codes.map((c) => {
    const own = byCode.get(c.code) ?? [];
    return {
      hsnCode: c.code,
      description: c.description,
      current: dated(rateInForce(own, day)),
      next: dated(own.find((r) => r.from > day)),
    };
  });
}

/** True when the code is on the list. */
export async function isHsnCode(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: hsnCodes.code }).from(hsnCodes).where(eq(hsnCodes.code, code)).limit(1);
  return Boolean(row);
}

export type NewHsnCode = { hsnCode: string; description: string; ratePercent: number; effectiveFrom: string };

/** Adds a code with its first GST rate, in the caller's transaction; 409 when the code is already on the list. */
export async function addHsnCode(
  tx: Tx,
  input: NewHsnCode,
): Promise<{ hsnCode: string; description: string; rateBp: number; effectiveFrom: string }> {
  const added = await tx
    .insert(hsnCodes)
    .values({ code: input.hsnCode, description: input.description })
    .onConflictDoNothing()
    .returning({ code: hsnCodes.code });
  if (added.length === 0) throw new AppError('CONFLICT', m.hsnExists, { hsnCode: m.hsnExists });
  const rateBp = percentToBasisPoints(input.ratePercent);
  await tx.insert(hsnGstRates).values({ hsnCode: input.hsnCode, rateBp, effectiveFrom: input.effectiveFrom });
  return { hsnCode: input.hsnCode, description: input.description, rateBp, effectiveFrom: input.effectiveFrom };
}

export type NewHsnRate = { hsnCode: string; ratePercent: number; effectiveFrom: string };

/** Adds a dated GST rate to a code of the list, in the caller's transaction; 400 for a code not on the list, 409 when it has a rate from that date. */
export async function addHsnRate(
  tx: Tx,
  input: NewHsnRate,
): Promise<{ id: string; hsnCode: string; rateBp: number; effectiveFrom: string }> {
  if (!(await isHsnCode(tx, input.hsnCode)))
    throw new AppError('VALIDATION_FAILED', m.hsnUnknown, { hsnCode: m.hsnUnknown });
  const rateBp = percentToBasisPoints(input.ratePercent);
  const [row] = await tx
    .insert(hsnGstRates)
    .values({ hsnCode: input.hsnCode, rateBp, effectiveFrom: input.effectiveFrom })
    .onConflictDoNothing()
    .returning({ id: hsnGstRates.id });
  if (!row) throw new AppError('CONFLICT', m.duplicateHsnRate, { effectiveFrom: m.duplicateHsnRate });
  return { id: row.id, hsnCode: input.hsnCode, rateBp, effectiveFrom: input.effectiveFrom };
}
