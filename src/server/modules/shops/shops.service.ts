import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { isUuid, type Page, type PageQuery } from '../../../contracts/common.contract';
import type { PublicShop, Shop, ShopData, ShopType } from '../../../contracts/shops.contract';
import { shopMessages } from '../../../contracts/shops.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { containsPattern } from '../../platform/list-query';
import { vendorApprovalNow } from '../auth';
import { vendorShops } from './shops.tables';

export type { Shop };
export type ShopImageKind = 'logo' | 'banner';

type ShopRow = typeof vendorShops.$inferSelect;

const toShop = (r: ShopRow): Shop => ({
  id: r.id,
  shopName: r.shopName,
  shopDescription: r.shopDescription,
  // The database checks the type (online, physical or both).
  shopType: r.shopType as ShopType,
  address: r.address,
  city: r.city,
  state: r.state,
  postalCode: r.postalCode,
  isActive: r.isActive,
  deliveryAvailable: r.deliveryAvailable,
  deliveryDistanceKm: r.deliveryDistanceKm,
  deliveryFeePaise: r.deliveryFeePaise,
  freeDeliveryThresholdPaise: r.freeDeliveryThresholdPaise,
  codEnabled: r.codEnabled,
  enableReviews: r.enableReviews,
  googleReviewsEnabled: r.googleReviewsEnabled,
  logoUrl: r.logoUrl,
  bannerUrl: r.bannerUrl,
  createdAt: r.createdAt.toISOString(),
});

const own = (vendorUserId: string, shopId: string) =>
  and(eq(vendorShops.id, shopId), eq(vendorShops.vendorId, vendorUserId));
const notFound = () => new AppError('NOT_FOUND', shopMessages.notFound);

/** Every shop of a vendor, oldest first. */
export async function listVendorShops(db: DbOrTx, vendorUserId: string): Promise<Shop[]> {
  const rows = await db
    .select()
    .from(vendorShops)
    .where(eq(vendorShops.vendorId, vendorUserId))
    .orderBy(asc(vendorShops.createdAt), asc(vendorShops.id));
  return rows.map(toShop);
}

export type ListShopsArgs = { db: DbOrTx; vendorUserId: string; query: PageQuery };

/** One page of a vendor's own shops, oldest first. */
export async function listShops({ db, vendorUserId, query }: ListShopsArgs): Promise<Page<Shop>> {
  const { page, pageSize } = query;
  const mine = eq(vendorShops.vendorId, vendorUserId);
  const rows = await db
    .select()
    .from(vendorShops)
    .where(mine)
    .orderBy(asc(vendorShops.createdAt), asc(vendorShops.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vendorShops)
    .where(mine);
  return { items: rows.map(toShop), total: Number(n), page, pageSize };
}

/** The vendor's own shop, or null (another vendor's shop is null too). */
export async function getOwnShop(db: DbOrTx, vendorUserId: string, shopId: string): Promise<Shop | null> {
  const [row] = await db.select().from(vendorShops).where(own(vendorUserId, shopId)).limit(1);
  return row ? toShop(row) : null;
}

/** Shoppers see a shop only while it is open and its vendor is approved. */
const openToShoppers = and(eq(vendorShops.isActive, true), eq(vendorShops.vendorApproved, true));

/** An open shop as shoppers see it; NOT_FOUND when it is closed, its vendor is rejected, or it does not exist. */
export async function getPublicShop(db: DbOrTx, shopId: string): Promise<PublicShop> {
  const [row] = isUuid(shopId)
    ? await db
        .select()
        .from(vendorShops)
        .where(and(eq(vendorShops.id, shopId), openToShoppers))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', shopMessages.notFound);
  return {
    id: row.id,
    name: row.shopName,
    description: row.shopDescription,
    shopType: row.shopType as PublicShop['shopType'],
    city: row.city,
    state: row.state,
    logoUrl: row.logoUrl,
    bannerUrl: row.bannerUrl,
    delivers: row.deliveryAvailable,
  };
}

/** Whether a shop exists and is open to shoppers (active, of an approved vendor). */
export async function isShopActive(db: DbOrTx, shopId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vendorShops.id })
    .from(vendorShops)
    .where(and(eq(vendorShops.id, shopId), openToShoppers))
    .limit(1);
  return row !== undefined;
}

/**
 * Hides or shows every shop of a vendor on the storefront, inside the caller's transaction (the
 * super admin rejected or approved the vendor); the vendor's own open/closed choice is kept.
 */
export async function setVendorShopsApproved(
  tx: Tx,
  { vendorUserId, approved }: { vendorUserId: string; approved: boolean },
): Promise<number> {
  const rows = await tx
    .update(vendorShops)
    .set({ vendorApproved: approved, updatedAt: new Date() })
    .where(eq(vendorShops.vendorId, vendorUserId))
    .returning({ id: vendorShops.id });
  return rows.length;
}

/** The columns a create or an edit writes; delivery numbers and cash on delivery left out are not written. */
function columnsOf(input: ShopData) {
  return {
    shopName: input.shopName,
    shopDescription: input.shopDescription ?? null,
    shopType: input.shopType,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    postalCode: input.postalCode ?? null,
    deliveryAvailable: input.deliveryAvailable,
    enableReviews: input.enableReviews,
    googleReviewsEnabled: input.googleReviewsEnabled,
    ...(input.deliveryDistanceKm === undefined ? {} : { deliveryDistanceKm: input.deliveryDistanceKm }),
    ...(input.deliveryFeePaise === undefined ? {} : { deliveryFeePaise: input.deliveryFeePaise }),
    ...(input.freeDeliveryThresholdPaise === undefined
      ? {}
      : { freeDeliveryThresholdPaise: input.freeDeliveryThresholdPaise }),
    ...(input.codEnabled === undefined ? {} : { codEnabled: input.codEnabled }),
  };
}

export type CreateShopArgs = { db: Db; vendorUserId: string; input: ShopData };

/** Opens a new, active shop for the vendor (hidden from shoppers while the vendor is rejected); delivery numbers not given take SPEC.md's defaults. */
export async function createShop({ db, vendorUserId, input }: CreateShopArgs): Promise<Shop> {
  const [row] = await db
    .insert(vendorShops)
    // The vendor's approval as the new shop copies it, waiting for an approval change in progress.
    .values({ ...columnsOf(input), vendorId: vendorUserId, vendorApproved: vendorApprovalNow(vendorUserId) })
    .returning();
  return toShop(row);
}

export type UpdateShopArgs = { db: Db; vendorUserId: string; shopId: string; input: ShopData };

/** Saves the edit form of one of the vendor's own shops (404 for anyone else's). */
export async function updateShop({ db, vendorUserId, shopId, input }: UpdateShopArgs): Promise<Shop> {
  const [row] = await db
    .update(vendorShops)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(own(vendorUserId, shopId))
    .returning();
  if (!row) throw notFound();
  return toShop(row);
}

export type SetShopActiveArgs = { db: Db; vendorUserId: string; shopId: string; isActive: boolean };

/**
 * Opens or closes one of the vendor's own shops; the products of a closed shop leave the storefront
 * because the catalog shows only products of active shops.
 */
export async function setShopActive({
  db,
  vendorUserId,
  shopId,
  isActive,
}: SetShopActiveArgs): Promise<{ shop: Shop; message: string }> {
  const [row] = await db
    .update(vendorShops)
    .set({ isActive, updatedAt: new Date() })
    .where(own(vendorUserId, shopId))
    .returning();
  if (!row) throw notFound();
  return { shop: toShop(row), message: isActive ? shopMessages.activated : shopMessages.deactivated };
}

/** Sets the logo or banner url of one of the vendor's own shops, inside the caller's transaction (404 for anyone else's). */
export async function setShopImage(
  tx: DbOrTx,
  vendorUserId: string,
  shopId: string,
  kind: ShopImageKind,
  url: string | null,
): Promise<void> {
  const [row] = await tx
    .update(vendorShops)
    .set({ ...(kind === 'logo' ? { logoUrl: url } : { bannerUrl: url }), updatedAt: new Date() })
    .where(own(vendorUserId, shopId))
    .returning({ id: vendorShops.id });
  if (!row) throw notFound();
}

/** Closes every shop of a deleted vendor (they stay for the orders that name them); answers their ids. */
export async function closeVendorShops(tx: Tx, vendorUserId: string): Promise<string[]> {
  const rows = await tx
    .update(vendorShops)
    .set({ isActive: false, vendorApproved: false, updatedAt: new Date() })
    .where(eq(vendorShops.vendorId, vendorUserId))
    .returning({ id: vendorShops.id });
  return rows.map((r) => r.id);
}

/** Up to 10 shops whose name holds `q` (any case), by name: a promotion's shop picker. */
export async function findShopsNamed(db: DbOrTx, q: string): Promise<{ id: string; shopName: string }[]> {
  return db
    .select({ id: vendorShops.id, shopName: vendorShops.shopName })
    .from(vendorShops)
    .where(ilike(vendorShops.shopName, containsPattern(q)))
    .orderBy(asc(vendorShops.shopName), asc(vendorShops.id))
    .limit(10);
}
