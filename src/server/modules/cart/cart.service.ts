import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Cart, CartItemRef } from '../../../contracts/cart.contract';
import { cartMessages } from '../../../contracts/cart.contract';
import { noDeliveryMessage } from '../../../domain/pricing';
import { AppError } from '../../platform/app-error';
import { readColumn, type Db, type DbOrTx, type JsonColumn, type ModuleWrite, type Tx } from '../../platform/db';
import { chooseOptionMessage, variantLabel } from '../../../domain/variants';
import { itemPicture, productRowOnSale, productRows, variantRows } from '../catalog';
import { getBalances } from '../rewards';
import { shopRows } from '../shops';
import { withOffers, type CartLineForOffers } from './cart.offers';
import { cartItems } from './cart.tables';

/** The lines of a customer's cart for checkout: product and quantity, oldest first. */
export async function listCartLines(
  tx: DbOrTx,
  customerUserId: string,
): Promise<{ productId: string; variantId: string | null; quantity: number }[]> {
  return readColumn(tx, cartLinesColumn(customerUserId));
}

/** listCartLines as a column of a caller's read (a json scalar subquery): the same lines, oldest first. */
export function cartLinesColumn(
  customerUserId: string,
): JsonColumn<{ productId: string; variantId: string | null; quantity: number }[]> {
  const c = cartItems;
  return {
    sql: sql`coalesce((select json_agg(json_build_object('productId', ${c.productId}, 'variantId', ${c.variantId},
                                                         'quantity', ${c.quantity}) order by ${c.createdAt}, ${c.id})
                       from ${c} where ${c.customerId} = ${customerUserId}), '[]')`,
    read: (value) => value as { productId: string; variantId: string | null; quantity: number }[],
  };
}

/** Empties a customer's cart inside the caller's transaction (after an order is placed). */
export async function clearCart(tx: Tx, customerUserId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.customerId, customerUserId));
}

/** clearCart's write, for a caller's one statement (writeAtOnce): the placing statement empties the cart. */
export function clearCartWrite(tx: Tx, customerUserId: string): ModuleWrite {
  return {
    writes: [
      { name: 'cart_cleared', body: tx.delete(cartItems).where(eq(cartItems.customerId, customerUserId)).getSQL() },
    ],
  };
}

export type GetCartArgs = { db: Db; customerUserId: string; returnWindowDays: number };

/** The customer's cart with each product and shop as they are now, the available points and the totals of the available lines. */
export async function getCart({ db, customerUserId, returnWindowDays }: GetCartArgs): Promise<Cart> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      name: productRows.name,
      imageUrl: itemPicture(),
      // A variant's own price and stock, else the product's.
      pricePaise: sql<number>`coalesce(${variantRows.pricePaise}, ${productRows.pricePaise})`.mapWith(Number),
      originalPricePaise: sql<
        number | null
      >`case when ${variantRows.pricePaise} is null then ${productRows.originalPricePaise} else ${variantRows.originalPricePaise} end`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
      rewardPercentage: productRows.rewardPercentage,
      stockQuantity: sql<number>`coalesce(${variantRows.stockQuantity}, ${productRows.stockQuantity})`.mapWith(Number),
      // A product with options is bought only as a variant on sale; one without, only without.
      productActive: sql<boolean>`${productRowOnSale} and (case when ${productRows.option1Name} is null
        then ${cartItems.variantId} is null else ${variantRows.id} is not null and ${variantRows.withdrawnAt} is null end)`,
      option1Name: productRows.option1Name,
      option2Name: productRows.option2Name,
      option1Value: variantRows.option1Value,
      option2Value: variantRows.option2Value,
      sku: variantRows.sku,
      categoryId: productRows.categoryId,
      storeId: shopRows.id,
      storeName: shopRows.shopName,
      vendorId: shopRows.vendorId,
      // A shop is open only while its vendor is approved too.
      shopActive: sql<boolean>`${shopRows.isActive} and ${shopRows.vendorApproved}`,
      delivers: shopRows.deliveryAvailable,
    })
    .from(cartItems)
    .innerJoin(productRows, eq(productRows.id, cartItems.productId))
    .innerJoin(shopRows, eq(shopRows.id, productRows.storeId))
    .leftJoin(variantRows, eq(variantRows.id, cartItems.variantId))
    .where(eq(cartItems.customerId, customerUserId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const items: CartLineForOffers[] = rows.map(
    ({ productActive, shopActive, option1Name, option2Name, option1Value, option2Value, ...r }) => ({
      ...r,
      variantLabel:
        option1Value === null ? null : variantLabel({ option1Name, option2Name }, { option1Value, option2Value }),
      rewardPercentage: Number(r.rewardPercentage),
      available: productActive && shopActive && r.delivers && r.stockQuantity > 0,
    }),
  );
  const { availablePoints } = await getBalances(db, customerUserId, { returnWindowDays });
  return { ...(await withOffers(db, customerUserId, items)), availablePoints };
}

type Product = {
  id: string;
  name: string;
  stockQuantity: number;
  active: boolean;
  shopName: string;
  delivers: boolean;
  missingChoice: string | null;
};

/**
 * The product (or its chosen variant) with its stock and a name that says the variant ('Kurta (Size:
 * M)'), or null when it does not exist or the variant is not one of its own on sale. `active` is false
 * when it or its shop is inactive, or the shop's vendor is not approved; `missingChoice` asks for the
 * size or colour of a product with options added without a variant.
 */
async function findProduct(tx: DbOrTx, productId: string, variantId: string | null): Promise<Product | null> {
  const [row] = await tx
    .select({
      id: productRows.id,
      name: productRows.name,
      productStock: productRows.stockQuantity,
      active: sql<boolean>`${productRowOnSale} and ${shopRows.isActive} and ${shopRows.vendorApproved}`,
      shopName: shopRows.shopName,
      delivers: shopRows.deliveryAvailable,
      option1Name: productRows.option1Name,
      option2Name: productRows.option2Name,
    })
    .from(productRows)
    .innerJoin(shopRows, eq(shopRows.id, productRows.storeId))
    .where(eq(productRows.id, productId))
    .limit(1);
  if (!row) return null;
  const { productStock, option1Name, option2Name, ...p } = row;
  if (option1Name === null)
    return variantId === null ? { ...p, stockQuantity: productStock, missingChoice: null } : null;
  if (variantId === null)
    return { ...p, stockQuantity: 0, missingChoice: chooseOptionMessage({ option1Name, option2Name }) };
  const [v] = await tx
    .select({
      stockQuantity: variantRows.stockQuantity,
      option1Value: variantRows.option1Value,
      option2Value: variantRows.option2Value,
    })
    .from(variantRows)
    .where(and(eq(variantRows.id, variantId), eq(variantRows.productId, productId), isNull(variantRows.withdrawnAt)));
  if (!v) return null;
  return {
    ...p,
    name: `${p.name} (${variantLabel({ option1Name, option2Name }, v)})`,
    stockQuantity: v.stockQuantity,
    missingChoice: null,
  };
}

/** The 409 for a quantity above the stock, naming the product and how many are left. */
function stockError(p: Product, inCart = 0): AppError {
  let message =
    p.stockQuantity <= 0 ? `${p.name} is out of stock` : `Only ${p.stockQuantity} left in stock for ${p.name}`;
  if (p.stockQuantity > 0 && inCart > 0) message += `; you already have ${inCart} in your cart`;
  return new AppError('CONFLICT', message, { quantity: message });
}

export type AddCartItemArgs = {
  db: Db;
  customerUserId: string;
  productId: string;
  variantId?: string | null;
  quantity: number;
};

/**
 * Adds a product (for a product with options, one of its variants: 400 'Please choose a size'
 * without one) to the cart or increases its quantity, never above the stock. Answers the line and
 * whether it is new.
 */
export async function addCartItem({
  db,
  customerUserId,
  productId,
  variantId = null,
  quantity,
}: AddCartItemArgs): Promise<CartItemRef & { created: boolean }> {
  return db.transaction(async (tx) => {
    const product = await findProduct(tx, productId, variantId);
    if (!product || !product.active) throw new AppError('NOT_FOUND', cartMessages.productNotFound);
    if (product.missingChoice)
      throw new AppError('VALIDATION_FAILED', product.missingChoice, { variantId: product.missingChoice });
    if (!product.delivers) throw new AppError('CONFLICT', noDeliveryMessage(product.shopName));
    if (quantity > product.stockQuantity) throw stockError(product);
    // One statement: a concurrent add of the same product cannot push the line past the stock.
    const [row] = await tx
      .insert(cartItems)
      .values({ customerId: customerUserId, productId, variantId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.customerId, cartItems.productId, cartItems.variantId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${product.stockQuantity}`,
      })
      .returning({
        id: cartItems.id,
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        created: sql<boolean>`xmax = 0`,
      });
    if (row) return row;
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.customerId, customerUserId),
          eq(cartItems.productId, productId),
          variantId === null ? isNull(cartItems.variantId) : eq(cartItems.variantId, variantId),
        ),
      );
    throw stockError(product, line?.quantity ?? 0);
  });
}

export type UpdateCartItemArgs = { db: Db; customerUserId: string; itemId: string; quantity: number };

/** Sets the quantity of one of the customer's own lines, between 1 and the stock. */
export async function updateCartItem({
  db,
  customerUserId,
  itemId,
  quantity,
}: UpdateCartItemArgs): Promise<CartItemRef> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ productId: cartItems.productId, variantId: cartItems.variantId })
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.customerId, customerUserId)))
      .for('update');
    if (!line) throw new AppError('NOT_FOUND', cartMessages.itemNotFound);
    const product = await findProduct(tx, line.productId, line.variantId);
    if (!product || !product.active) {
      const message = `${product?.name ?? 'This product'} is no longer available`;
      throw new AppError('CONFLICT', message, { quantity: message });
    }
    if (quantity > product.stockQuantity) throw stockError(product);
    const [row] = await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.id, itemId), eq(cartItems.customerId, customerUserId)))
      .returning({
        id: cartItems.id,
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
      });
    return row;
  });
}

export type DeleteCartItemArgs = { db: Db; customerUserId: string; itemId: string };

/** Removes one of the customer's own lines. */
export async function deleteCartItem({ db, customerUserId, itemId }: DeleteCartItemArgs): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.customerId, customerUserId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', cartMessages.itemNotFound);
}
