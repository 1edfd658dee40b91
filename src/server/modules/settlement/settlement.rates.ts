import { inArray, sql } from 'drizzle-orm';
import type { TaxRateKind } from '../../../contracts/settlement-rates.contract';
import type { CommissionRule } from '../../../domain/settlement';
import { queryRows, type DbOrTx } from '../../platform/db';
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

/** ratesAndRulesOn's two columns, `tax_rates` and `rules`, for a select of its own or beside another read. */
const ratesColumns = (day: string) => sql`
  coalesce((select json_agg(json_build_object('kind', ${taxRates.kind}, 'rateBp', ${taxRates.rateBp},
                                              'effectiveFrom', ${taxRates.effectiveFrom}))
            from ${taxRates} where ${taxRates.effectiveFrom} <= ${day}), '[]') as tax_rates,
  coalesce((select json_agg(json_build_object('id', ${commissionRules.id}, 'scope', ${commissionRules.scope},
                                              'categoryId', ${commissionRules.categoryId},
                                              'vendorUserId', ${commissionRules.vendorUserId},
                                              'rateBp', ${commissionRules.rateBp},
                                              'effectiveFrom', ${commissionRules.effectiveFrom}))
            from ${commissionRules} where ${commissionRules.effectiveFrom} <= ${day}), '[]') as rules`;

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

/** What vendorTaxIds answers: each vendor's PAN, GSTIN and enrolment number (none given: absent). */
export type VendorTaxIds = Map<string, { pan: string | null; gstin: string | null; enrolmentNumber: string | null }>;

/**
 * vendorTaxIds and ratesAndRulesOn `day` in one statement: a placement reads the sellers' tax ids for
 * their shipping limits and settles its items by the same ids and the rates of that day.
 */
export async function vendorTaxIdsAndRatesOn(
  db: DbOrTx,
  vendorUserIds: string[],
  day: string,
): Promise<{ taxIds: VendorTaxIds; rates: RatesOnDay }> {
  const v = vendorPayoutDetails;
  const wanted = [...new Set(vendorUserIds)];
  const ids =
    wanted.length === 0
      ? sql`'[]'::json`
      : sql`coalesce((select json_agg(json_build_object('vendorUserId', ${v.vendorUserId}, 'pan', ${v.pan},
                                                        'gstin', ${v.gstin}, 'enrolmentNumber', ${v.enrolmentNumber}))
                      from ${v} where ${inArray(v.vendorUserId, wanted)}), '[]')`;
  const [row] = await queryRows<
    RatesRow & {
      tax_ids: { vendorUserId: string; pan: string | null; gstin: string | null; enrolmentNumber: string | null }[];
    }
  >(db, sql`select ${ids} as tax_ids, ${ratesColumns(day)}`);
  const taxIds: VendorTaxIds = new Map();
  for (const r of row.tax_ids)
    taxIds.set(r.vendorUserId, { pan: r.pan, gstin: r.gstin, enrolmentNumber: r.enrolmentNumber });
  return { taxIds, rates: ratesOfRow(row, day) };
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
