import { categories, products } from '../modules/catalog/catalog.tables';
import { listProductVariants, saveProductVariants, type ProductVariant, type VariantInput } from '../modules/catalog';
import { createAccount } from '../modules/auth';
import { vendorShops } from '../modules/shops/shops.tables';
import type { Db } from '../platform/db';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

type CategoryRow = typeof categories.$inferSelect;
type ShopRow = typeof vendorShops.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** A vendor account (account, profile and vendors row) created directly, without signing in. */
export async function createVendorUser(
  db: Db,
  over: { email?: string; firstName?: string; businessName?: string } = {},
): Promise<{ userId: string; email: string }> {
  const email = over.email ?? `vendor.${next()}@example.in`;
  const { userId } = await db.transaction((tx) =>
    createAccount(tx, {
      email,
      password: 'secret123',
      role: 'vendor',
      firstName: over.firstName ?? 'Ravi',
      lastName: 'Kumar',
      phoneNumber: '9123456780',
      businessName: over.businessName ?? 'Ravi Traders',
    }),
  );
  return { userId, email };
}

/** An active category (a unique name unless given). */
export async function createCategory(
  db: Db,
  name = `Category ${next()}`,
  over: Partial<typeof categories.$inferInsert> = {},
): Promise<CategoryRow> {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || next();
  const [row] = await db
    .insert(categories)
    .values({ name, slug, ...over })
    .returning();
  return row;
}

/**
 * An active online shop of the given vendor, in Maharashtra unless given: the state of the default
 * test shopper's address (checkout-fixtures.ts), since a vendor without a GSTIN, as the factories'
 * vendors are, may sell only within its shop's state (Notification 34/2023-Central Tax).
 */
export async function createShop(
  db: Db,
  vendorUserId: string,
  over: Partial<typeof vendorShops.$inferInsert> = {},
): Promise<ShopRow> {
  const [row] = await db
    .insert(vendorShops)
    .values({ vendorId: vendorUserId, shopName: `Shop ${next()}`, shopType: 'online', state: 'Maharashtra', ...over })
    .returning();
  return row;
}

export type ProductOverrides = Partial<typeof products.$inferInsert> & { storeId: string; categoryId: string };

/** An active product with stock: ₹499 (was ₹799), 5% reward, 10 in stock, unless overridden. */
export async function createProduct(db: Db, over: ProductOverrides): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${next()}`,
      description: 'A test product.',
      pricePaise: 49900,
      originalPricePaise: 79900,
      stockQuantity: 10,
      rewardPercentage: 5,
      ...over,
    })
    .returning();
  return row;
}

export type VariantOverrides = Partial<VariantInput> & { option1Value: string };

/**
 * A product with options (Size, and Colour when given) and the given variants, through the catalog's
 * own saveProductVariants: SKUs default to the values, stock to 10, prices to the product's.
 */
export async function createProductWithVariants(
  db: Db,
  over: ProductOverrides & { option1Name?: string; option2Name?: string | null; variants: VariantOverrides[] },
): Promise<{ product: ProductRow; variants: ProductVariant[] }> {
  const { option1Name = 'Size', option2Name = null, variants, ...productOver } = over;
  const product = await createProduct(db, { stockQuantity: 0, ...productOver });
  await db.transaction((tx) =>
    saveProductVariants(tx, product.id, {
      option1Name,
      option2Name,
      variants: variants.map((v) => ({
        option2Value: null,
        sku: `SKU-${v.option1Value}${v.option2Value ? `-${v.option2Value}` : ''}`
          .toUpperCase()
          .replace(/[^A-Z0-9-]/g, ''),
        stockQuantity: 10,
        pricePaise: null,
        originalPricePaise: null,
        images: [],
        ...v,
      })),
    }),
  );
  return { product, variants: await listProductVariants(db, product.id) };
}

/** A vendor, one shop, one category and `count` products of that shop: the usual start of a catalog test. */
export async function createCatalog(
  db: Db,
  count = 1,
): Promise<{ vendorUserId: string; shop: ShopRow; category: CategoryRow; products: ProductRow[] }> {
  const { userId } = await createVendorUser(db);
  const shop = await createShop(db, userId);
  const category = await createCategory(db);
  const items: ProductRow[] = [];
  for (let i = 0; i < count; i++) items.push(await createProduct(db, { storeId: shop.id, categoryId: category.id }));
  return { vendorUserId: userId, shop, category, products: items };
}

const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * The catalog of the catalog API tests: one shop with seven visible products over four active
 * categories (one product in an inactive category), plus an inactive product and a product of an
 * inactive shop. Answers product ids and category ids by name.
 */
export async function createCatalogFixture(
  db: Db,
): Promise<{ ids: Record<string, string>; cat: Record<string, string> }> {
  const ids: Record<string, string> = {};
  const cat: Record<string, string> = {};
  const { userId } = await createVendorUser(db);
  const shop = await createShop(db, userId, { shopName: 'Jaipur Handloom House', city: 'Jaipur' });
  const closed = await createShop(db, userId, { shopName: 'Closed Shop', isActive: false });
  cat.electronics = (await createCategory(db, 'Electronics', { sortOrder: 1 })).id;
  cat.fashion = (await createCategory(db, 'Fashion', { sortOrder: 2 })).id;
  cat.home = (await createCategory(db, 'Home & Living', { sortOrder: 3, slug: 'home-living' })).id;
  cat.books = (await createCategory(db, 'Books', { sortOrder: 3 })).id;
  cat.retired = (await createCategory(db, 'Retired', { sortOrder: 0, isActive: false })).id;
  const p = (
    name: string,
    over: Omit<Parameters<typeof createProduct>[1], 'storeId' | 'categoryId' | 'name'> & {
      categoryId: string;
      storeId?: string;
    },
  ) => createProduct(db, { name, storeId: shop.id, ...over }).then((r) => r.id);
  ids.kurta = await p("Men's Cotton Kurta Pyjama Set", {
    categoryId: cat.fashion,
    pricePaise: 129900,
    originalPricePaise: 199900,
    rewardPercentage: 5,
    ratingAverage: 4.5,
    ratingCount: 10,
    createdAt: ago(5),
    images: ['/uploads/kurta-1.webp', '/uploads/kurta-2.webp'],
    imageUrl: '/uploads/kurta-1.webp',
    description: 'Soft handloom kurta with a matching pyjama.',
  });
  ids.headphones = await p('Wireless Bluetooth Headphones', {
    categoryId: cat.electronics,
    pricePaise: 249900,
    originalPricePaise: null,
    rewardPercentage: 8,
    ratingAverage: 4,
    ratingCount: 3,
    createdAt: ago(1),
  });
  ids.razai = await p('Jaipuri Cotton Razai, Double Bed', {
    categoryId: cat.home,
    pricePaise: 219900,
    originalPricePaise: 299900,
    rewardPercentage: 3.5,
    ratingAverage: 3.5,
    ratingCount: 2,
    createdAt: ago(10),
  });
  ids.tv = await p('43-inch 4K Smart LED TV', {
    categoryId: cat.electronics,
    pricePaise: 5499000,
    originalPricePaise: 6999000,
    rewardPercentage: 2,
    ratingAverage: 4.8,
    ratingCount: 40,
    createdAt: ago(20),
  });
  ids.diya = await p('Brass Diya Set of 4', {
    categoryId: cat.home,
    pricePaise: 34900,
    originalPricePaise: 49900,
    rewardPercentage: 10,
    ratingAverage: 0,
    ratingCount: 0,
    createdAt: ago(2),
    description: 'Comes with cotton wicks for Diwali.',
  });
  ids.book = await p('Wings of Fire by A. P. J. Abdul Kalam', {
    categoryId: cat.books,
    pricePaise: 29900,
    originalPricePaise: null,
    stockQuantity: 0,
    ratingAverage: 4.9,
    ratingCount: 40,
    createdAt: ago(3),
  });
  ids.inactive = await p('Cotton Saree Withdrawn', { categoryId: cat.fashion, isActive: false, createdAt: ago(0) });
  ids.closedShop = await p('Cotton Dupatta of a Closed Shop', {
    categoryId: cat.fashion,
    storeId: closed.id,
    createdAt: ago(0),
  });
  ids.retired = await p('Retired Category Cotton Bag', {
    categoryId: cat.retired,
    pricePaise: 9900,
    createdAt: ago(30),
  });
  return { ids, cat };
}
