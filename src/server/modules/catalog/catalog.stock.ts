import { and, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { variantLabel } from '../../../domain/variants';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { shopRows } from '../shops';
import { visibleToShoppers } from './catalog.cards';
import { isUuid } from '../../../contracts/common.contract';
import { variantColumns } from './catalog.rows';
import { products, productVariants, stockHolds } from './catalog.tables';

/** What checkout and the cart need to know about a product that may be bought now. */
export type Purchasable = {
  id: string;
  name: string;
  pricePaise: number;
  rewardPercentage: number;
  stockQuantity: number;
  storeId: string;
  storeName: string;
  /** The vendor whose shop sells it (whose own promotions may cover it). */
  vendorId: string;
  imageUrl: string | null;
  categoryId: string;
  /** Whether the shop delivers: only then can the product be ordered. */
  delivers: boolean;
  /** Whether the shop offers cash on delivery. */
  codEnabled: boolean;
  /** The product has options (Size, Colour): it is sold only as one of its variants. */
  hasOptions: boolean;
  option1Name: string | null;
  option2Name: string | null;
};

/** What is bought: a product, and for a product with options the chosen variant. */
export type StockKey = { productId: string; variantId?: string | null };
/** One key per product and variant, for maps of lines. */
export const stockKey = (k: StockKey): string => `${k.productId}:${k.variantId ?? ''}`;

/**
 * A product or one of its variants as it may be bought now: for a variant, its price (or the
 * product's), its stock, its SKU and label ('Size: M · Colour: Indigo').
 */
export type PurchasableLine = Purchasable & {
  /** Its shop's state (null when the shop has none): where a seller without a GSTIN may deliver. */
  shopState: string | null;
  /** The product's HSN code (null: not classified yet): settling its order items needs it. */
  hsnCode: string | null;
  /** Asked for (`expiredHolds`): the product has holds expired but not yet released (their units are due back). */
  hasExpiredHolds: boolean;
  /** Asked for (`also`): the caller's column of the product's row, built by its owner given the shop's vendor. */
  also: unknown;
  /** Asked for (`once`): the caller's column read once, on the first product's row; null on the others. */
  once: unknown;
  variantId: string | null;
  variantLabel: string | null;
  sku: string | null;
  variantImage: string | null;
};

/** The given products that are active and whose shop is active, as they are now; others are simply absent. */
export async function getPurchasable(tx: DbOrTx, productIds: string[]): Promise<Purchasable[]> {
  return (await purchasableWithShopState(tx, productIds)).map(
    ({ shopState: _, hasExpiredHolds: __, hsnCode: ___, also: ____, once: _____, ...p }) => p,
  );
}

/** What a read of purchasable products may also be asked for. */
type PurchasableOptions = {
  /** Whether each product has expired holds still held. */
  expiredHolds?: boolean;
  /** One more column of each product's row, built by the module it reads, given SQL naming the shop's vendor. */
  also?: (vendorId: SQL) => SQL;
  /**
   * A column read once with the products (the caller's, reading no product): on the first product's
   * row, null on the others.
   */
  once?: SQL;
};

/**
 * getPurchasable, with each product's shop's state and HSN code, and (asked for) whether it has
 * expired holds still held and the caller's column.
 */
async function purchasableWithShopState(
  tx: DbOrTx,
  productIds: string[],
  { expiredHolds = false, also, once }: PurchasableOptions = {},
): Promise<
  (Purchasable & {
    shopState: string | null;
    hsnCode: string | null;
    hasExpiredHolds: boolean;
    also: unknown;
    once: unknown;
  })[]
> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      rewardPercentage: products.rewardPercentage,
      stockQuantity: products.stockQuantity,
      storeId: products.storeId,
      storeName: shopRows.shopName,
      vendorId: shopRows.vendorId,
      shopState: shopRows.state,
      hasExpiredHolds: expiredHolds
        ? sql<boolean>`exists (select 1 from ${stockHolds} where ${stockHolds.productId} = ${products.id}
            and ${stockHolds.status} = 'held' and ${stockHolds.expiresAt} <= now())`
        : sql<boolean>`false`,
      also: also ? sql<unknown>`${also(sql`${shopRows.vendorId}`)}` : sql<unknown>`null`,
      once: once ? sql<unknown>`case when row_number() over () = 1 then ${once} end` : sql<unknown>`null`,
      imageUrl: products.imageUrl,
      categoryId: products.categoryId,
      hsnCode: products.hsnCode,
      delivers: shopRows.deliveryAvailable,
      codEnabled: shopRows.codEnabled,
      option1Name: products.option1Name,
      option2Name: products.option2Name,
    })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .where(and(inArray(products.id, ids), visibleToShoppers));
  return rows.map((r) => ({
    ...r,
    pricePaise: Number(r.pricePaise),
    rewardPercentage: Number(r.rewardPercentage),
    hasOptions: r.option1Name !== null,
  }));
}

/**
 * The given products and variants that may be bought now, by `stockKey`: a variant on sale of an
 * active product of an active shop, with its own price (else the product's) and stock. A key without
 * a variant answers the product itself (`hasOptions` then says that a choice is missing); a variant
 * withdrawn, of another product or of a product without options is absent.
 */
export async function getPurchasableLines(
  tx: DbOrTx,
  keys: StockKey[],
  opts: PurchasableOptions = {},
): Promise<Map<string, PurchasableLine>> {
  const found = new Map<string, PurchasableLine>();
  const byProduct = new Map(
    (
      await purchasableWithShopState(
        tx,
        keys.map((k) => k.productId),
        opts,
      )
    ).map((p) => [p.id, p]),
  );
  const variantIds = [
    ...new Set(keys.map((k) => k.variantId).filter((v): v is string => typeof v === 'string' && isUuid(v))),
  ];
  const variants =
    variantIds.length === 0
      ? []
      : await tx
          .select(variantColumns)
          .from(productVariants)
          .where(and(inArray(productVariants.id, variantIds), isNull(productVariants.withdrawnAt)));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  for (const k of keys) {
    const p = byProduct.get(k.productId);
    if (!p) continue;
    if (!k.variantId) {
      found.set(stockKey(k), { ...p, variantId: null, variantLabel: null, sku: null, variantImage: null });
      continue;
    }
    const v = variantById.get(k.variantId);
    if (!v || v.productId !== p.id || !p.hasOptions) continue;
    found.set(stockKey(k), {
      ...p,
      pricePaise: v.pricePaise === null ? p.pricePaise : Number(v.pricePaise),
      stockQuantity: v.stockQuantity,
      imageUrl: v.images[0] ?? p.imageUrl,
      variantId: v.id,
      variantLabel: variantLabel(p, v),
      sku: v.sku,
      variantImage: v.images[0] ?? null,
    });
  }
  return found;
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError(`Stock quantity must be a positive whole number, got ${quantity}`);
}

/** Locks a product's row: every change of a variant's stock takes it first, so that the variant row and the product's sum are always locked in one order. */
async function lockProduct(tx: Tx, productId: string): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
}

/**
 * Takes `quantity` units of a product's stock (or, for a product with options, of the given
 * variant's: the product's sum follows through the trigger) in one conditional UPDATE, so concurrent
 * buyers can never take it below 0; false (and nothing changed) when there is not enough, when a
 * product with options is asked for without a variant, or when the variant is withdrawn.
 */
export async function takeStock(
  tx: Tx,
  productId: string,
  quantity: number,
  variantId: string | null = null,
  hold?: { ref: string; expiresAt: Date },
): Promise<boolean> {
  assertQuantity(quantity);
  if (!isUuid(productId)) return false;
  if (variantId !== null) {
    if (!isUuid(variantId)) return false;
    await lockProduct(tx, productId);
    const update = tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${quantity}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(productVariants.id, variantId),
          eq(productVariants.productId, productId),
          isNull(productVariants.withdrawnAt),
          gte(productVariants.stockQuantity, quantity),
        ),
      )
      .returning({ id: productVariants.id });
    return hold ? heldWith(tx, update, { productId, variantId, quantity, ...hold }) : (await update).length === 1;
  }
  const update = tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), isNull(products.option1Name), gte(products.stockQuantity, quantity)))
    .returning({ id: products.id });
  return hold ? heldWith(tx, update, { productId, variantId, quantity, ...hold }) : (await update).length === 1;
}

/**
 * takeStock's conditional update and the hold of the units it took, in one statement: the hold row is
 * written only when the update took them (a data-modifying WITH).
 */
async function heldWith(
  tx: Tx,
  update: { getSQL(): SQL },
  h: { productId: string; variantId: string | null; quantity: number; ref: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with taken as (${update.getSQL()})
        insert into ${stockHolds} (ref, product_id, variant_id, quantity, expires_at)
        select ${h.ref}::uuid, ${h.productId}::uuid, ${h.variantId}::uuid, ${h.quantity}::int,
          ${h.expiresAt.toISOString()}::timestamptz
        from taken returning id`,
  );
  return rows.length === 1;
}

/** Puts `quantity` units back into a product's stock, or its variant's (a cancelled order, a released hold); a withdrawn variant keeps them off sale. */
export async function returnStock(
  tx: Tx,
  productId: string,
  quantity: number,
  variantId: string | null = null,
): Promise<void> {
  assertQuantity(quantity);
  if (variantId !== null) {
    await lockProduct(tx, productId);
    await tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}`, updatedAt: sql`now()` })
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    return;
  }
  await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** Sorts stock keys by product, then variant: every path that changes stock locks rows in this one order, so concurrent ones never deadlock. */
export const byStockKey = (a: StockKey, b: StockKey): number =>
  a.productId === b.productId
    ? (a.variantId ?? '') < (b.variantId ?? '')
      ? -1
      : (a.variantId ?? '') > (b.variantId ?? '')
        ? 1
        : 0
    : a.productId < b.productId
      ? -1
      : 1;

/** A product's name, bought or not (also withdrawn or of a closed shop), or null when there is no such product. */
export async function getProductName(db: DbOrTx, productId: string): Promise<string | null> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? null;
}

/** A product's name and the user id of the vendor whose shop sells it (whatever its state), or null when there is no such product. */
export async function getProductSeller(
  db: DbOrTx,
  productId: string,
): Promise<{ name: string; vendorUserId: string } | null> {
  const [row] = await db
    .select({ name: products.name, vendorUserId: shopRows.vendorId })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .where(eq(products.id, productId));
  return row ?? null;
}
