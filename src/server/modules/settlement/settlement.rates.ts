import { inArray, sql, type SQL } from 'drizzle-orm';
import type { TaxRateKind } from '../../../contracts/settlement-rates.contract';
import type { CommissionRule } from '../../../domain/settlement';
import { queryRows, type DbOrTx, type JsonColumn } from '../../platform/db';
import { ratesInForce, type RateOnDay } from './settlement.tax-rates';
import { commissionRules, taxRates, vendorPayoutDetails } from './settlement.tables';

export type StoredCommissionRule = CommissionRule & { id: string };

/** What an order's settlement rates are on a day: the tax rates in force and the commission rules by then. */
export type RatesOnDay = { taxRates: Record<TaxRateKind, RateOnDay | null>; commissionRules: StoredCommissionRule[] };

type RatesRow = {
  tax_rates: { kind: string; rateBp: number; effectiveFrom: string }[];
  rules: {
    id: string;
    scope: string;
    categoryId: string | null;
    vendorUserId: string | null;
    rateBp: number;
    effectiveFrom: string;
  }[];
};

/** The tax rates dated on or before `day`, as a json array. */
const taxRatesJson = (day: string) => sql`
  coalesce((select json_agg(json_build_object('kind', ${taxRates.kind}, 'rateBp', ${taxRates.rateBp},
                                              'effectiveFrom', ${taxRates.effectiveFrom}))
            from ${taxRates} where ${taxRates.effectiveFrom} <= ${day}), '[]')`;

/** The commission rules in force by `day`, as a json array. */
const rulesJson = (day: string) => sql`
  coalesce((select json_agg(json_build_object('id', ${commissionRules.id}, 'scope', ${commissionRules.scope},
                                              'categoryId', ${commissionRules.categoryId},
                                              'vendorUserId', ${commissionRules.vendorUserId},
                                              'rateBp', ${commissionRules.rateBp},
                                              'effectiveFrom', ${commissionRules.effectiveFrom}))
            from ${commissionRules} where ${commissionRules.effectiveFrom} <= ${day}), '[]')`;

/** ratesAndRulesOn's two columns, `tax_rates` and `rules`. */
const ratesColumns = (day: string) => sql`${taxRatesJson(day)} as tax_rates, ${rulesJson(day)} as rules`;

/** ratesAndRulesOn `day` as a column of a caller's read (json), with the same answer. */
export function ratesOnColumn(day: string): JsonColumn<RatesOnDay> {
  return {
    sql: sql`json_build_object('tax_rates', ${taxRatesJson(day)}, 'rules', ${rulesJson(day)})`,
    read: (value) => ratesOfRow(value as RatesRow, day),
  };
}

/**
 * A vendor's entry of vendorTaxIds as a column of a caller's read, given SQL naming the vendor (a column
 * of the caller's row): its PAN, GSTIN and enrolment number, or null when it gave none.
 */
export function vendorTaxIdsColumn(
  vendorUserId: SQL,
): JsonColumn<{ pan: string | null; gstin: string | null; enrolmentNumber: string | null } | null> {
  const v = vendorPayoutDetails;
  return {
    sql: sql`(select json_build_object('pan', ${v.pan}, 'gstin', ${v.gstin}, 'enrolmentNumber', ${v.enrolmentNumber})
              from ${v} where ${v.vendorUserId} = ${vendorUserId})`,
    read: (value) =>
      (value ?? null) as { pan: string | null; gstin: string | null; enrolmentNumber: string | null } | null,
  };
}

const ratesOfRow = (row: RatesRow, day: string): RatesOnDay => ({
  taxRates: ratesInForce(row.tax_rates, day),
  commissionRules: row.rules.map((r) => ({
    id: r.id,
    scope: r.scope as CommissionRule['scope'],
    targetId: r.scope === 'vendor' ? r.vendorUserId : r.scope === 'category' ? r.categoryId : null,
    rateBp: r.rateBp,
    effectiveFrom: r.effectiveFrom,
  })),
});

/**
 * The tax rates in force on `day` (as taxRatesOn answers them) and every commission rule that has come
 * into force by it (pickCommissionRate chooses among them), in one statement: each table's rows dated
 * on or before `day` as a json array, in the order the table gives them (json keeps dates as YYYY-MM-DD).
 */
export async function ratesAndRulesOn(db: DbOrTx, day: string): Promise<RatesOnDay> {
  const [row] = await queryRows<RatesRow>(db, sql`select ${ratesColumns(day)}`);
  return ratesOfRow(row, day);
}

/** The PAN and GSTIN each vendor has given (none: both null). */
export async function vendorTaxIds(
  db: DbOrTx,
  vendorUserIds: string[],
): Promise<Map<string, { pan: string | null; gstin: string | null; enrolmentNumber: string | null }>> {
  const ids = new Map<string, { pan: string | null; gstin: string | null; enrolmentNumber: string | null }>();
  if (vendorUserIds.length === 0) return ids;
  const rows = await db
    .select({
      vendorUserId: vendorPayoutDetails.vendorUserId,
      pan: vendorPayoutDetails.pan,
      gstin: vendorPayoutDetails.gstin,
      enrolmentNumber: vendorPayoutDetails.enrolmentNumber,
    })
    .from(vendorPayoutDetails)
    .where(inArray(vendorPayoutDetails.vendorUserId, [...new Set(vendorUserIds)]));
  for (const r of rows) ids.set(r.vendorUserId, { pan: r.pan, gstin: r.gstin, enrolmentNumber: r.enrolmentNumber });
  return ids;
}
