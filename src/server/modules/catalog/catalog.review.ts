import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ProductReviewSettings,
  type ProposedFields,
  type ReviewKind,
  type VendorProductReview,
} from '../../../contracts/product-review.contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { vendorRows } from '../auth';
import { notify } from '../notifications';
import { productReviewSettings, productRevisions, products } from './catalog.tables';

// The catalog's review before products go on sale. The settings say which products are in scope;
// a new product in scope waits as 'pending' (off the storefront), and an edit of an approved one's
// reviewed fields (title, description, pictures, category, HSN code) waits in product_revisions
// while the approved version stays on sale. Price, stock and variants always apply at once.

const OFF: ProductReviewSettings = { allNewProducts: false, newVendorDays: null, categoryIds: [] };

/** Which products are reviewed (all rules off until the super admin saves them). */
export async function getProductReviewSettings(db: DbOrTx): Promise<ProductReviewSettings> {
  const [row] = await db
    .select({
      allNewProducts: productReviewSettings.allNewProducts,
      newVendorDays: productReviewSettings.newVendorDays,
      categoryIds: productReviewSettings.categoryIds,
    })
    .from(productReviewSettings)
    .where(eq(productReviewSettings.id, 1));
  return row ?? OFF;
}

/** Saves which products are reviewed (the caller checked the categories exist). */
export async function saveProductReviewSettings(tx: Tx, s: ProductReviewSettings): Promise<ProductReviewSettings> {
  const values = { allNewProducts: s.allNewProducts, newVendorDays: s.newVendorDays, categoryIds: s.categoryIds };
  await tx
    .insert(productReviewSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: productReviewSettings.id, set: { ...values, updatedAt: new Date() } });
  return getProductReviewSettings(tx);
}

/**
 * True when a vendor's product is in the review's scope: every product (rule "every new product"),
 * a product of a vendor approved fewer than N days ago, or a product in (or moving to) a reviewed category.
 */
export async function inReviewScope(
  db: DbOrTx,
  { vendorUserId, categoryIds }: { vendorUserId: string; categoryIds: string[] },
): Promise<boolean> {
  const s = await getProductReviewSettings(db);
  if (s.allNewProducts) return true;
  if (categoryIds.some((id) => s.categoryIds.includes(id))) return true;
  if (s.newVendorDays === null) return false;
  const [vendor] = await db
    .select({
      isNew: sql<boolean>`${vendorRows.approvedAt} > now() - make_interval(days => ${s.newVendorDays}::int)`,
    })
    .from(vendorRows)
    .where(eq(vendorRows.userId, vendorUserId));
  return Boolean(vendor?.isNew);
}

/** Puts a submission in the queue and tells the super admin (a product has at most one waiting). */
async function enqueue(
  tx: Tx,
  productId: string,
  productName: string,
  kind: ReviewKind,
  proposed: ProposedFields | null,
): Promise<void> {
  await tx.insert(productRevisions).values({ productId, kind, proposed });
  await notify(tx, {
    kind: 'admin-product-review-waiting',
    to: 'admin',
    data: { productName, what: kind === 'new' ? 'A new product' : 'A change to a product' },
  });
}

/** A new product in scope leaves the storefront until a moderator approves it. */
export async function submitNewProduct(tx: Tx, productId: string, productName: string): Promise<void> {
  await tx.update(products).set({ reviewStatus: 'pending' }).where(eq(products.id, productId));
  await enqueue(tx, productId, productName, 'new', null);
}

type Live = {
  reviewStatus: string;
  name: string;
  description: string;
  images: string[];
  imageUrl: string | null;
  categoryId: string;
  hsnCode: string | null;
};
type Wanted = { name: string; description: string; images: string[]; categoryId: string; hsnCode?: string | null };

const liveImages = (live: Live) => (live.images.length > 0 ? live.images : live.imageUrl ? [live.imageUrl] : []);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The reviewed fields the form changes, with their proposed values. */
export function reviewedChanges(live: Live, wanted: Wanted): ProposedFields {
  const out: ProposedFields = {};
  if (wanted.name !== live.name) out.name = wanted.name;
  if (wanted.description !== live.description) out.description = wanted.description;
  if (!same(wanted.images, liveImages(live))) out.images = wanted.images;
  if (wanted.categoryId !== live.categoryId) out.categoryId = wanted.categoryId;
  if (wanted.hsnCode !== undefined && wanted.hsnCode !== live.hsnCode) out.hsnCode = wanted.hsnCode;
  return out;
}

/**
 * Decides what a vendor's edit does with review, in the edit's transaction, before it is written:
 * answers the reviewed fields to hold back (they wait in the queue; the live ones stay on sale), or
 * none. An approved product in scope holds back its changed reviewed fields (replacing a change that
 * waits; one that returns to the live values withdraws it); a product waiting as new is edited in
 * place; a rejected new product is submitted again (or approved, when no rule covers it any more).
 */
export async function reviewEdit(
  tx: Tx,
  args: { productId: string; vendorUserId: string; live: Live; wanted: Wanted },
): Promise<ProposedFields | null> {
  const { productId, vendorUserId, live, wanted } = args;
  const inScope = await inReviewScope(tx, {
    vendorUserId,
    categoryIds: [live.categoryId, wanted.categoryId],
  });
  const waiting = and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending'));
  if (live.reviewStatus === 'pending') return null;
  if (live.reviewStatus === 'rejected') {
    if (inScope) await submitNewProduct(tx, productId, wanted.name);
    else await tx.update(products).set({ reviewStatus: 'approved' }).where(eq(products.id, productId));
    return null;
  }
  const changes = inScope ? reviewedChanges(live, wanted) : {};
  if (Object.keys(changes).length === 0) {
    await tx.delete(productRevisions).where(waiting);
    return null;
  }
  const [updated] = await tx
    .update(productRevisions)
    .set({ proposed: changes })
    .where(waiting)
    .returning({ id: productRevisions.id });
  if (!updated) await enqueue(tx, productId, live.name, 'edit', changes);
  return changes;
}

/** The live fields a review compares with: reviewEdit's, locked with the product's row by the caller; the diff's. */
export const liveReviewColumns = {
  reviewStatus: products.reviewStatus,
  name: products.name,
  description: products.description,
  images: products.images,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
  hsnCode: products.hsnCode,
};

const NOTHING: VendorProductReview = { status: 'approved', kind: null, reason: null, proposed: null };

/**
 * What each product's vendor sees of its review: its latest submission while it waits or after a
 * rejection (with the reason); nothing to say once approved.
 */
export async function reviewsOfProducts(db: DbOrTx, productIds: string[]): Promise<Map<string, VendorProductReview>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([productRevisions.productId], {
      productId: productRevisions.productId,
      kind: productRevisions.kind,
      status: productRevisions.status,
      reason: productRevisions.reason,
      proposed: productRevisions.proposed,
    })
    .from(productRevisions)
    .where(inArray(productRevisions.productId, productIds))
    .orderBy(productRevisions.productId, desc(productRevisions.createdAt));
  const out = new Map<string, VendorProductReview>();
  for (const r of rows) {
    if (r.status === 'approved') continue;
    out.set(r.productId, {
      status: r.status as VendorProductReview['status'],
      kind: r.kind as ReviewKind,
      reason: r.status === 'rejected' ? r.reason : null,
      proposed: r.status === 'pending' && r.kind === 'edit' ? (r.proposed as ProposedFields) : null,
    });
  }
  return out;
}

export const reviewOf = (reviews: Map<string, VendorProductReview>, productId: string): VendorProductReview =>
  reviews.get(productId) ?? NOTHING;
