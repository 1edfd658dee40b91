import { shipsOnlyWithin } from '../../../domain/unregistered-supplier';
import type { DbOrTx } from '../../platform/db';
import { shopSellers } from '../shops';
import { vendorTaxIds, type RatesOnDay } from './settlement.rates';

/** The settlement's tax rates and commission rules of a day, read with the sellers' tax ids. */
export type SettlementRates = RatesOnDay & { day: string };

/** Each vendor's PAN and GSTIN by vendor id (none given: absent), as vendorTaxIds read them. */
export type SellerTaxIds = ReadonlyMap<string, { pan: string | null; gstin: string | null }>;

/**
 * The one state each shop may deliver to, by shop id: null when its vendor has a GSTIN (anywhere),
 * else its shop's state ('' when the shop has none), as a seller without GST registration may supply
 * through Haat only within its own state (Notification 34/2023-Central Tax).
 */
export async function shopShippingLimits(db: DbOrTx, storeIds: string[]): Promise<Map<string, string | null>> {
  return (await shippingLimitsOf(db, await shopSellers(db, storeIds))).limits;
}

/**
 * shopShippingLimits of shops whose vendor and state the caller already read (shopSellers' rows),
 * with the vendors' tax ids read for them: a placement settles its items with the same (recordItemSettlements).
 */
export async function shippingLimitsOf(
  db: DbOrTx,
  sellers: readonly { storeId: string; vendorUserId: string; state: string | null }[],
): Promise<{ limits: Map<string, string | null>; taxIds: SellerTaxIds }> {
  const ids = await vendorTaxIds(
    db,
    sellers.map((s) => s.vendorUserId),
  );
  return { limits: shippingLimitsFrom(sellers, ids), taxIds: ids };
}

/** shippingLimitsOf's limits, of sellers whose vendors' tax ids the caller read (vendorTaxIdsColumn's). */
export function shippingLimitsFrom(
  sellers: readonly { storeId: string; vendorUserId: string; state: string | null }[],
  ids: SellerTaxIds,
): Map<string, string | null> {
  return new Map(
    sellers.map((s) => [
      s.storeId,
      shipsOnlyWithin({ supplierHasGstin: (ids.get(s.vendorUserId)?.gstin ?? null) !== null, shopState: s.state }),
    ]),
  );
}
