import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  productReviewMessages as m,
  reviewedFieldLabels,
  reviewedFields,
  type ProposedFields,
  type ReviewDiff,
  type ReviewFieldChange,
  type ReviewKind,
} from '../../../contracts/product-review.contract';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { vendorRows } from '../auth';
import { shopRows } from '../shops';
import { isUuid } from '../../../contracts/common.contract';
import { liveReviewColumns } from './catalog.review';
import { categories, productRevisions, products } from './catalog.tables';

// A moderator's decision on a submission of the review queue, and the side-by-side view it is taken
// from. Approving a new product puts it on sale; approving an edit writes its proposed fields over the
// live ones; a rejection keeps the reason the vendor sees (a new product stays off sale, an edited one
// keeps its live version).

const notFound = () => new AppError('NOT_FOUND', m.notFound);

export type RevisionDecision = {
  revisionId: string;
  productId: string;
  productName: string;
  vendorUserId: string;
  kind: ReviewKind;
};

/** Approves (reason null) or rejects a waiting submission; NOT_FOUND when it is not waiting. */
export async function decideProductRevision(
  tx: Tx,
  { revisionId, approve, reason }: { revisionId: string; approve: boolean; reason: string | null },
): Promise<RevisionDecision> {
  if (!isUuid(revisionId)) throw notFound();
  const [r] = await tx
    .update(productRevisions)
    .set({ status: approve ? 'approved' : 'rejected', reason: approve ? null : reason, decidedAt: sql`now()` })
    .where(and(eq(productRevisions.id, revisionId), eq(productRevisions.status, 'pending')))
    .returning({
      productId: productRevisions.productId,
      kind: productRevisions.kind,
      proposed: productRevisions.proposed,
    });
  if (!r) throw notFound();
  const kind = r.kind as ReviewKind;
  const p = (r.proposed ?? {}) as ProposedFields;
  const set =
    kind === 'new'
      ? { reviewStatus: approve ? 'approved' : 'rejected' }
      : approve
        ? {
            ...(p.name === undefined ? {} : { name: p.name }),
            ...(p.description === undefined ? {} : { description: p.description }),
            ...(p.images === undefined ? {} : { images: p.images, imageUrl: p.images[0] ?? null }),
            ...(p.categoryId === undefined ? {} : { categoryId: p.categoryId }),
            ...(p.hsnCode === undefined ? {} : { hsnCode: p.hsnCode }),
            updatedAt: sql`now()`,
          }
        : null;
  const [product] = set
    ? await tx
        .update(products)
        .set(set)
        .where(eq(products.id, r.productId))
        .returning({ name: products.name, storeId: products.storeId })
    : await tx
        .select({ name: products.name, storeId: products.storeId })
        .from(products)
        .where(eq(products.id, r.productId));
  const [shop] = await tx
    .select({ vendorId: shopRows.vendorId })
    .from(shopRows)
    .where(eq(shopRows.id, product.storeId));
  return { revisionId, productId: r.productId, productName: product.name, vendorUserId: shop.vendorId, kind };
}

type Value = ReviewFieldChange['current'];

/**
 * The side-by-side view of a waiting submission: for an edit, each changed field's live and proposed
 * value; for a new product, every field it would put on sale (nothing is live). Categories by name.
 */
export async function getRevisionDiff(db: DbOrTx, revisionId: string): Promise<ReviewDiff> {
  if (!isUuid(revisionId)) throw notFound();
  const [row] = await db
    .select({
      id: productRevisions.id,
      kind: productRevisions.kind,
      proposed: productRevisions.proposed,
      createdAt: productRevisions.createdAt,
      productId: products.id,
      ...liveReviewColumns,
      shopName: shopRows.shopName,
      vendorName: vendorRows.businessName,
    })
    .from(productRevisions)
    .innerJoin(products, eq(products.id, productRevisions.productId))
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .leftJoin(vendorRows, eq(vendorRows.userId, shopRows.vendorId))
    .where(and(eq(productRevisions.id, revisionId), eq(productRevisions.status, 'pending')));
  if (!row) throw notFound();
  const kind = row.kind as ReviewKind;
  const proposed = (row.proposed ?? {}) as ProposedFields;
  const categoryIds = [row.categoryId, ...(proposed.categoryId ? [proposed.categoryId] : [])];
  const names = new Map(
    (
      await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, categoryIds))
    ).map((c) => [c.id, c.name]),
  );
  const live: Record<(typeof reviewedFields)[number], Value> = {
    name: row.name,
    description: row.description,
    images: row.images.length > 0 ? row.images : row.imageUrl ? [row.imageUrl] : [],
    categoryId: names.get(row.categoryId) ?? row.categoryId,
    hsnCode: row.hsnCode,
  };
  const changes: ReviewFieldChange[] =
    kind === 'new'
      ? reviewedFields.map((field) => ({
          field,
          label: reviewedFieldLabels[field],
          current: null,
          proposed: live[field],
        }))
      : reviewedFields
          .filter((field) => proposed[field] !== undefined)
          .map((field) => ({
            field,
            label: reviewedFieldLabels[field],
            current: live[field],
            proposed:
              field === 'categoryId'
                ? (names.get(proposed.categoryId!) ?? proposed.categoryId!)
                : (proposed[field] as Value),
          }));
  return {
    id: row.id,
    kind,
    productId: row.productId,
    productName: row.name,
    vendorName: row.vendorName ?? '',
    shopName: row.shopName,
    submittedAt: row.createdAt.toISOString(),
    changes,
  };
}
