import { QueryBuilder } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { categories, productRevisions, products, productVariants, reviews } from './catalog.tables';

// Read-only row sources over catalog's tables, for other modules' reads that join them in one
// statement (a cart's lines, an order's items). PostgreSQL pulls a plain subquery up into the join,
// so the plan is the one a join with the table itself gets.

/** Products: what a cart line or an order item shows of one. */
export const productRows = new QueryBuilder()
  .select({
    id: products.id,
    storeId: products.storeId,
    categoryId: products.categoryId,
    name: products.name,
    imageUrl: products.imageUrl,
    pricePaise: products.pricePaise,
    originalPricePaise: products.originalPricePaise,
    rewardPercentage: products.rewardPercentage,
    stockQuantity: products.stockQuantity,
    isActive: products.isActive,
    reviewStatus: products.reviewStatus,
    option1Name: products.option1Name,
    option2Name: products.option2Name,
  })
  .from(products)
  .as('product_rows');

/**
 * SQL, on a statement that joins `productRows`: the product is on sale (active, and approved by
 * moderators when reviewed).
 */
export const productRowOnSale: SQL = sql`(${productRows.isActive} and ${productRows.reviewStatus} = 'approved')`;

/** A variant's columns as every read of one selects them (catalog's own reads and `variantRows`). */
export const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  option1Value: productVariants.option1Value,
  option2Value: productVariants.option2Value,
  sku: productVariants.sku,
  stockQuantity: productVariants.stockQuantity,
  pricePaise: productVariants.pricePaise,
  originalPricePaise: productVariants.originalPricePaise,
  images: productVariants.images,
};

/** Product variants: what a cart line or an order item shows of the chosen size or colour. */
export const variantRows = new QueryBuilder()
  .select({ ...variantColumns, withdrawnAt: productVariants.withdrawnAt })
  .from(productVariants)
  .as('variant_rows');

/** Reviews: which customer reviewed which product. */
export const reviewRows = new QueryBuilder()
  .select({ id: reviews.id, productId: reviews.productId, customerUserId: reviews.customerUserId })
  .from(reviews)
  .as('review_rows');

/**
 * An item's picture: its variant's first image, else its product's (null for neither), on a
 * statement that left-joins `variantRows` and `productRows` (a cart line, an order item, a return's item).
 */
export const itemPicture = (): SQL<string | null> =>
  sql<string | null>`coalesce(${variantRows.images}[1], ${productRows.imageUrl})`;

/** Products as a list of every shop's products shows them: price, stock, state, category, withdrawal. */
export const productListRows = new QueryBuilder()
  .select({
    id: products.id,
    storeId: products.storeId,
    categoryId: products.categoryId,
    name: products.name,
    imageUrl: products.imageUrl,
    images: products.images,
    pricePaise: products.pricePaise,
    originalPricePaise: products.originalPricePaise,
    stockQuantity: products.stockQuantity,
    isActive: products.isActive,
    reviewStatus: products.reviewStatus,
    rewardPercentage: products.rewardPercentage,
    createdAt: products.createdAt,
    withdrawnAt: products.withdrawnAt,
  })
  .from(products)
  .as('product_list_rows');

/** Submissions to the review queue: a new product or an edit's proposed fields, and its decision. */
export const productRevisionRows = new QueryBuilder()
  .select({
    id: productRevisions.id,
    productId: productRevisions.productId,
    kind: productRevisions.kind,
    status: productRevisions.status,
    proposed: productRevisions.proposed,
    createdAt: productRevisions.createdAt,
  })
  .from(productRevisions)
  .as('product_revision_rows');

/** Categories: their names. */
export const categoryRows = new QueryBuilder()
  .select({ id: categories.id, name: categories.name })
  .from(categories)
  .as('category_rows');
