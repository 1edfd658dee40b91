import { sql, type SQL } from 'drizzle-orm';
import type { Amounts } from '../../../contracts/checkout.contract';
import { checkoutMessages, notEnoughStockMessage, unavailableMessage } from '../../../contracts/checkout.contract';
import { noDeliveryMessage, pointsEarnedOnPaid } from '../../../domain/pricing';
import { pointsUsableAfterPromotions, totalsAfterPromotions } from '../../../domain/promotions-apply';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { formatAddress } from '../auth';
import { codRefusals } from '../../../domain/cod';
import { chooseOptionMessage } from '../../../domain/variants';
import { getCodSettings } from '../payments';
import { getProductName, getPurchasableLines, stockKey } from '../catalog';
import { checkoutCandidatesColumn, type CheckoutCandidates } from '../promotions';
import {
  ratesOnColumn,
  shippingLimitsFrom,
  vendorTaxIdsColumn,
  type SettlementInputs,
  type SettlementRates,
} from '../settlement';
import { deliversTo, shipsOnlyWithinRefusal } from '../../../domain/unregistered-supplier';
import type { SnapshotPromotions } from './checkout.promotions';

/** A cart line priced from the database at this moment. */
export type PricedCartLine = {
  productId: string;
  /** The variant of a product with options, with its label ('Size: M · Colour: Indigo') and SKU. */
  variantId: string | null;
  variantLabel: string | null;
  sku: string | null;
  name: string;
  storeId: string;
  storeName: string;
  /** The vendor whose shop sells it: its own promotions cover only its lines. */
  vendorId: string;
  /** The product's category and whether its shop offers cash on delivery: the COD rule's inputs. */
  categoryId: string;
  codEnabled: boolean;
  quantity: number;
  pricePaise: number;
  rewardPercentage: number;
  stockQuantity: number;
  /** The one state its seller may deliver to (a seller without a GSTIN: its shop's state; '' when the shop has none), or null: anywhere. */
  shipsOnlyWithin: string | null;
};

/** What a payment pays for, stored with the payment row: enough to place the order later without trusting the browser. */
export type CheckoutSnapshot = {
  addressId: string;
  shippingAddress: string;
  /** The delivery address's state, GST's place of supply (absent in snapshots written before it was kept). */
  placeOfSupplyState?: string;
  pointsToUse: number;
  lines: {
    productId: string;
    variantId?: string | null;
    name: string;
    storeId: string;
    quantity: number;
    pricePaise: number;
  }[];
  amounts: Amounts;
  /** The promotions quoted (absent in snapshots written before promotions, and when none applied). */
  promotions?: SnapshotPromotions;
};

/** The snapshot of a checkout about to be placed or paid: the delivery address as written, the points, each line's price now. */
export function checkoutSnapshot(
  address: Parameters<typeof formatAddress>[0] & { id: string; state: string },
  pointsToUse: number,
  lines: PricedCartLine[],
  amounts: Amounts,
): CheckoutSnapshot {
  return {
    addressId: address.id,
    shippingAddress: formatAddress(address),
    placeOfSupplyState: address.state,
    pointsToUse,
    lines: lines.map(({ productId, variantId, name, storeId, quantity, pricePaise }) => ({
      productId,
      variantId,
      name,
      storeId,
      quantity,
      pricePaise,
    })),
    amounts,
  };
}

async function productName(db: DbOrTx, productId: string): Promise<string> {
  return (await getProductName(db, productId)) ?? 'A product in your cart';
}

type PriceOptions = {
  stockHeld?: boolean;
  releaseExpiredHolds?: () => Promise<unknown>;
  ratesOn?: string;
  /** The promotions a checkout considers for this customer, code and day: read with the products. */
  promotionsFor?: Parameters<typeof checkoutCandidatesColumn>[0];
};

/**
 * Prices cart lines from the database: current price, reward percentage and stock of active
 * products of active shops. A product that is gone or (unless its stock is already held for this
 * checkout) short of stock answers 409 naming it. `releaseExpiredHolds`: called first when one of the
 * products has holds expired and not yet released (the read tells), their units then counted.
 */
export async function priceLines(
  db: DbOrTx,
  lines: { productId: string; variantId?: string | null; quantity: number }[],
  options: PriceOptions = {},
): Promise<PricedCartLine[]> {
  return (await priceLinesToPlace(db, lines, options)).lines;
}

/**
 * priceLines, with what settling the lines' items needs that their read brought (the products'
 * categories and HSN codes, the shops' vendors and states, the vendors' tax ids): a placement passes it
 * to recordItemSettlements, which then reads none of it again.
 */
export async function priceLinesToPlace(
  db: DbOrTx,
  lines: { productId: string; variantId?: string | null; quantity: number }[],
  { stockHeld = false, releaseExpiredHolds, ratesOn, promotionsFor }: PriceOptions = {},
): Promise<{ lines: PricedCartLine[]; settlement: SettlementInputs; candidates?: CheckoutCandidates }> {
  if (lines.length === 0) throw new AppError('VALIDATION_FAILED', checkoutMessages.emptyCart);
  // Each product's row brings its seller's tax ids, a column settlement builds over its own tables; read
  // once with them, placing, the settlement's rates of the day, and, starting, the promotions' candidates.
  const rates = ratesOn === undefined ? null : ratesOnColumn(ratesOn);
  const promos = promotionsFor === undefined ? null : checkoutCandidatesColumn(promotionsFor);
  const also = (vendorId: SQL) => vendorTaxIdsColumn(vendorId).sql;
  const once =
    rates || promos
      ? sql`json_build_object('rates', ${rates ? rates.sql : sql`null`},
                              'promotions', ${promos ? promos.sql : sql`null`})`
      : undefined;
  let found = await getPurchasableLines(db, lines, { expiredHolds: releaseExpiredHolds !== undefined, also, once });
  if (releaseExpiredHolds && [...found.values()].some((p) => p.hasExpiredHolds)) {
    await releaseExpiredHolds();
    found = await getPurchasableLines(db, lines, { also, once });
  }
  // The shops' vendors and states, and the vendors' tax ids, come with the products: nothing more is read.
  const sellers = new Map([...found.values()].map((p) => [p.storeId, p]));
  const shops = [...sellers.values()].map((p) => ({
    storeId: p.storeId,
    vendorUserId: p.vendorId,
    state: p.shopState,
  }));
  const taxIds = new Map<string, { pan: string | null; gstin: string | null; enrolmentNumber: string | null }>();
  for (const p of found.values()) {
    const ids = vendorTaxIdsColumn(sql`null`).read(p.also);
    if (ids) taxIds.set(p.vendorId, ids);
  }
  const readOnce = [...found.values()].find((p) => p.once !== null)?.once as
    { rates: unknown; promotions: unknown } | undefined;
  const dayRates: SettlementRates | undefined =
    rates && ratesOn && readOnce ? { day: ratesOn, ...rates.read(readOnce.rates) } : undefined;
  const candidates = promos && readOnce ? promos.read(readOnce.promotions) : undefined;
  const limits = shippingLimitsFrom(shops, taxIds);
  const priced: PricedCartLine[] = [];
  for (const l of lines) {
    const p = found.get(stockKey(l));
    if (!p) throw new AppError('CONFLICT', unavailableMessage(await productName(db, l.productId)));
    if (p.hasOptions && !p.variantId) throw new AppError('CONFLICT', `${chooseOptionMessage(p)} for "${p.name}"`);
    if (!p.delivers)
      throw new AppError('CONFLICT', `${noDeliveryMessage(p.storeName)}. Please remove "${p.name}" from your cart.`);
    const shown = p.variantLabel ? `${p.name} (${p.variantLabel})` : p.name;
    if (!stockHeld && p.stockQuantity < l.quantity)
      throw new AppError('CONFLICT', notEnoughStockMessage(shown, p.stockQuantity));
    priced.push({
      productId: p.id,
      variantId: p.variantId,
      variantLabel: p.variantLabel,
      sku: p.sku,
      name: p.name,
      storeId: p.storeId,
      storeName: p.storeName,
      vendorId: p.vendorId,
      categoryId: p.categoryId,
      codEnabled: p.codEnabled,
      quantity: l.quantity,
      pricePaise: p.pricePaise,
      rewardPercentage: Number(p.rewardPercentage),
      stockQuantity: p.stockQuantity,
      shipsOnlyWithin: limits.get(p.storeId) ?? null,
    });
  }
  const products = [...found.values()].map((p) => ({ productId: p.id, categoryId: p.categoryId, hsnCode: p.hsnCode }));
  return {
    lines: priced,
    settlement: { products, sellers: shops, taxIds, ...(dayRates ? { rates: dayRates } : {}) },
    ...(candidates ? { candidates } : {}),
  };
}

/**
 * Refuses (409, naming the item and the states) a line whose seller, having no GSTIN, may not
 * deliver to the address's state: such a seller supplies through Haat only within its own state
 * (Notification 34/2023-Central Tax). Checked before anything is reserved, charged or placed.
 */
export function assertDeliverable(lines: PricedCartLine[], deliveryState: string | null): void {
  for (const l of lines) {
    if (l.shipsOnlyWithin !== null && !deliversTo(l.shipsOnlyWithin, deliveryState)) {
      const message = shipsOnlyWithinRefusal(
        l.variantLabel ? `${l.name} (${l.variantLabel})` : l.name,
        l.shipsOnlyWithin,
        deliveryState,
      );
      throw new AppError('CONFLICT', message, { addressId: message });
    }
  }
}

/**
 * The points each priced line earns on what is paid for it after its promotions' discount (none
 * without): pointsEarnedOnPaid, the line's price less its discount, before any points used.
 */
export function pointsEarnedOf(
  lines: readonly PricedCartLine[],
  discounts: readonly { discountPaise: number }[] = [],
): number[] {
  return lines.map((l, i) =>
    pointsEarnedOnPaid(l.pricePaise, l.rewardPercentage, l.quantity, discounts[i]?.discountPaise ?? 0),
  );
}

/**
 * The amounts of priced lines with their promotions' discounts (none without) and some points used:
 * promotions first, then delivery on what the items cost after them, then points
 * (totalsAfterPromotions; SPEC section 9 for the rest, via src/domain). The points earned are the
 * lines' (pointsEarnedOf): on what is paid after the promotions.
 */
export function amountsOf(
  lines: PricedCartLine[],
  pointsToUse: number,
  discounts: readonly { discountPaise: number }[] = [],
): Amounts {
  const t = totalsAfterPromotions(
    lines.map((l, i) => ({ grossPaise: l.pricePaise * l.quantity, discountPaise: discounts[i]?.discountPaise ?? 0 })),
    pointsToUse,
    pointsToUse,
  );
  return {
    subtotalPaise: t.subtotalPaise,
    discountPaise: t.discountPaise,
    shippingPaise: t.shippingPaise,
    pointsUsed: t.pointsUsed,
    totalPaise: t.totalPaise,
    pointsEarned: pointsEarnedOf(lines, discounts).reduce((s, p) => s + p, 0),
  };
}

/** The most points usable on priced lines after their promotions: the balance, at most what is due. */
export function pointsUsableOn(
  lines: PricedCartLine[],
  balance: number,
  discounts: readonly { discountPaise: number }[] = [],
): number {
  return pointsUsableAfterPromotions(
    lines.map((l, i) => ({ grossPaise: l.pricePaise * l.quantity, discountPaise: discounts[i]?.discountPaise ?? 0 })),
    balance,
  );
}

/** Whether priced lines may be paid in cash on delivery under the super admin's rules, with every reason when not. */
export async function codOption(
  db: DbOrTx,
  lines: PricedCartLine[],
  discounts: readonly { discountPaise: number }[] = [],
): Promise<{ available: boolean; reasons: string[]; limitPaise: number }> {
  const settings = await getCodSettings(db);
  // The order's value after its promotions: the cash the door would collect before points.
  const amounts = amountsOf(lines, 0, discounts);
  const excluded = new Set(settings.excludedCategoryIds);
  const reasons = codRefusals(
    {
      orderValuePaise: amounts.subtotalPaise - amounts.discountPaise + amounts.shippingPaise,
      shops: lines.map((l) => ({ storeName: l.storeName, codEnabled: l.codEnabled })),
      excludedProducts: lines.filter((l) => excluded.has(l.categoryId)).map((l) => l.name),
    },
    settings.limitPaise,
  );
  return { available: reasons.length === 0, reasons, limitPaise: settings.limitPaise };
}

/** The customer's name, email and phone (as getCustomerContact answers them), for the payment provider's prefill. */
export function customerContact(row: { fullName: string; email: string; phone: string | null } | null): {
  name: string;
  email: string;
  contact: string;
} {
  return { name: row?.fullName ?? '', email: row?.email ?? '', contact: row?.phone ?? '' };
}
