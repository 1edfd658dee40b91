import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ProductDetailVariant, ProductOption } from '../../../contracts/catalog.contract';
import { discountPercent } from '../../../domain/money';
import { pointsEarned } from '../../../domain/pricing';
import { combinationKey, optionKeys, variantLabel, type OptionNames } from '../../../domain/variants';
import { builtOncePer, type DbOrTx, type Tx } from '../../platform/db';
import { isUuid } from '../../../contracts/common.contract';
import { variantColumns } from './catalog.rows';
import { products, productVariants } from './catalog.tables';

// A product's options and variants: the one place that writes them (the vendor's form, the demo
// data, the benchmark's catalog), so that the edit rules hold everywhere.

/** One combination as the vendor gives it: values, SKU, stock and, optionally, its own price and pictures. */
export type VariantInput = {
  option1Value: string;
  option2Value: string | null;
  sku: string;
  stockQuantity: number;
  /** Null: the product's price (and original price) apply. */
  pricePaise: number | null;
  originalPricePaise: number | null;
  images: string[];
};

/** A product's options (none, one or two names) and every combination on sale. */
export type ProductOptionsInput = { option1Name: string | null; option2Name: string | null; variants: VariantInput[] };

/** A variant as its product's vendor (and the storefront) reads it. */
export type ProductVariant = VariantInput & { id: string; label: string };

const isForeignKeyViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.cause?.code ?? err.code) === '23503';
};

/**
 * Sets a product's options and variants in the caller's transaction, under the product row's lock
 * (taken here first, as every change of a variant's stock takes it). A combination kept (the same
 * values, whatever their case) keeps its variant row, so carts and stock holds keep pointing to it;
 * a new one is added; one left out is deleted, or withdrawn when an order refers to it (never
 * deleted). Without options every variant goes, and the caller sets the product's own stock. With
 * options the product's stock becomes the sum of its variants'.
 */
export async function saveProductVariants(tx: Tx, productId: string, input: ProductOptionsInput): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  const names = { option1Name: input.option1Name, option2Name: input.option1Name === null ? null : input.option2Name };
  const wanted = names.option1Name === null ? [] : input.variants;
  const current = await tx
    .select({
      id: productVariants.id,
      option1Value: productVariants.option1Value,
      option2Value: productVariants.option2Value,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.withdrawnAt)));
  const wantedKeys = new Set(wanted.map((v) => combinationKey(v)));
  for (const gone of current.filter((c) => !wantedKeys.has(combinationKey(c)))) {
    try {
      // A savepoint: when an order item refers to the variant, only this delete is rolled back.
      await tx.transaction(async (sp) => {
        await sp.delete(productVariants).where(eq(productVariants.id, gone.id));
      });
    } catch (e) {
      if (!isForeignKeyViolation(e)) throw e;
      await tx
        .update(productVariants)
        .set({ withdrawnAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(productVariants.id, gone.id));
    }
  }
  await tx
    .update(products)
    .set({ option1Name: names.option1Name, option2Name: names.option2Name, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  const kept = new Map(current.filter((c) => wantedKeys.has(combinationKey(c))).map((c) => [combinationKey(c), c.id]));
  // SKUs of kept variants may be swapped between them, or given up to a new one: clear them first, so that the unique index never sees two at once.
  if (kept.size > 0) {
    for (const id of kept.values())
      await tx
        .update(productVariants)
        .set({ sku: sql`'~' || ${productVariants.id}::text` })
        .where(eq(productVariants.id, id));
  }
  for (const [position, v] of wanted.entries()) {
    const option2Value = names.option2Name === null ? null : v.option2Value;
    const columns = {
      option1Value: v.option1Value.trim(),
      option2Value: option2Value?.trim() ?? null,
      sku: v.sku.trim(),
      stockQuantity: v.stockQuantity,
      pricePaise: v.pricePaise,
      originalPricePaise: v.pricePaise === null ? null : v.originalPricePaise,
      images: v.images,
      optionKeys: optionKeys(names, { option1Value: v.option1Value, option2Value }),
      position,
    };
    const id = kept.get(combinationKey(v));
    if (id)
      await tx
        .update(productVariants)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(eq(productVariants.id, id));
    else await tx.insert(productVariants).values({ productId, ...columns });
  }
  if (names.option1Name !== null) {
    // The trigger keeps the sum from now on; a product that had no options until now starts from it.
    await tx
      .update(products)
      .set({
        stockQuantity: sql`(select coalesce(sum(${productVariants.stockQuantity}), 0) from ${productVariants} where ${productVariants.productId} = ${productId} and ${productVariants.withdrawnAt} is null)`,
      })
      .where(eq(products.id, productId));
  }
}

/** A variant's row with its product's option names: what the reads of variants on sale select. */
const variantOnSaleColumns = {
  ...variantColumns,
  option1Name: products.option1Name,
  option2Name: products.option2Name,
};
/** Variants on sale (not withdrawn) of products that have options. */
const onSale = and(isNull(productVariants.withdrawnAt), sql`${products.option1Name} is not null`);
/** The vendor's order of a product's variants. */
const vendorsOrder = [asc(productVariants.position), asc(productVariants.createdAt)];

type VariantOnSaleRow = Omit<ProductVariant, 'label'> & OptionNames & { productId: string };

/** A variant on sale as a read gives it: prices as numbers, and its label. */
function variantOf({ productId: _productId, option1Name, option2Name, ...r }: VariantOnSaleRow): ProductVariant {
  return {
    ...r,
    pricePaise: r.pricePaise === null ? null : Number(r.pricePaise),
    originalPricePaise: r.originalPricePaise === null ? null : Number(r.originalPricePaise),
    label: variantLabel({ option1Name, option2Name }, r),
  };
}

/** One product's variants on sale in the vendor's order (every product page reads them), prepared once per database. */
const variantsOfProduct = builtOncePer((db) =>
  db
    .select(variantOnSaleColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.productId, sql.placeholder('productId')), onSale))
    .orderBy(...vendorsOrder)
    .prepare('catalog_product_variants'),
);

/** A product's variants on sale, in the vendor's order, with their labels ('Size: M · Colour: Indigo'). */
export async function listProductVariants(db: DbOrTx, productId: string): Promise<ProductVariant[]> {
  return (await variantsOfProduct(db).execute({ productId })).map(variantOf);
}

/** The product whose variants the product page shows: its option names and the price a variant without its own takes. */
export type ProductForVariants = OptionNames & {
  id: string;
  pricePaise: number;
  originalPricePaise: number | null;
  rewardPercentage: number;
};

/**
 * A product's options and its variants on sale as shoppers see them: each option's values in the
 * vendor's order, and each variant with its effective price (its own, else the product's), its stock
 * (0 when sold out), the points one unit earns and its own pictures. None for a product without options.
 */
export async function listVariantsForShoppers(
  db: DbOrTx,
  p: ProductForVariants,
): Promise<{ options: ProductOption[]; variants: ProductDetailVariant[] }> {
  if (p.option1Name === null) return { options: [], variants: [] };
  const rows = await listProductVariants(db, p.id);
  const variants = rows.map((v) => {
    const pricePaise = v.pricePaise ?? p.pricePaise;
    const originalPricePaise = v.pricePaise === null ? p.originalPricePaise : v.originalPricePaise;
    return {
      id: v.id,
      option1Value: v.option1Value,
      option2Value: p.option2Name === null ? null : v.option2Value,
      label: v.label,
      sku: v.sku,
      pricePaise,
      originalPricePaise,
      discountPercent: discountPercent(pricePaise, originalPricePaise),
      stockQuantity: v.stockQuantity,
      pointsEarned: pointsEarned(pricePaise, p.rewardPercentage, 1),
      images: v.images,
      offer: null,
    };
  });
  // Values in the order of the first variant that has each (the vendor's order).
  const valuesOf = (pick: (v: ProductDetailVariant) => string | null) => [
    ...new Set(variants.map(pick).filter((x): x is string => x !== null)),
  ];
  const options: ProductOption[] = [{ name: p.option1Name, values: valuesOf((v) => v.option1Value) }];
  if (p.option2Name !== null) options.push({ name: p.option2Name, values: valuesOf((v) => v.option2Value) });
  return { options, variants };
}

/** The variants on sale of several products in one query, by product id, each list in the vendor's order (products without options: none). */
export async function listVariantsOfProducts(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductVariant[]>> {
  const byProduct = new Map<string, ProductVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select(variantOnSaleColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.productId, productIds), onSale))
    .orderBy(asc(productVariants.productId), ...vendorsOrder);
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(variantOf(row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** The products the variants named belong to (unknown ids are left out). */
export async function productIdsOfVariants(db: DbOrTx, variantIds: readonly string[]): Promise<string[]> {
  const ids = variantIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  return rows.map((r) => r.productId);
}
