import { sql } from 'drizzle-orm';
import { userProfiles, users } from '../src/server/modules/auth';
import { categories, products, reviews } from '../src/server/modules/catalog';
import { vendorShops } from '../src/server/modules/shops';
import type { Db } from '../src/server/platform/db';

/** A small seeded PRNG (mulberry32), so every run measures the same catalog. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATALOG = [
  { name: 'Electronics', slug: 'electronics', adjectives: ['Portable', 'Wireless', 'Smart', 'Compact', 'Noise Cancelling', 'Fast Charging'], nouns: ['Headphones', 'Bluetooth Speaker', 'Smartwatch', 'Power Bank', 'LED TV', 'Laptop', 'Earbuds', 'Wi-Fi Router', 'Webcam', 'USB-C Charger'], price: [499, 49999] },
  { name: 'Fashion', slug: 'fashion', adjectives: ['Hand Block Printed', 'Embroidered', 'Handloom', 'Pure Cotton', 'Festive', 'Linen'], nouns: ['Cotton Kurta', 'Silk Saree', 'Kurta Pyjama Set', 'Cotton Dupatta', 'Anarkali Suit', 'Nehru Jacket', 'Leather Mojari', 'Printed Stole', 'Denim Jeans', 'Shirt'], price: [299, 8999] },
  { name: 'Home & Living', slug: 'home-living', adjectives: ['Jaipuri', 'Handwoven', 'Brass', 'Ceramic', 'Cotton', 'Sheesham Wood'], nouns: ['Bedsheet', 'Razai', 'Cushion Covers', 'Dhurrie Rug', 'Diya Set', 'Water Bottle', 'Flower Vase', 'Wall Hanging', 'Table Runner', 'Masala Dabba'], price: [199, 6999] },
  { name: 'Books', slug: 'books', adjectives: ['Illustrated', 'Paperback', 'Hardcover', 'Hindi Edition', 'Collected', 'Annotated'], nouns: ['Novel', 'Poetry Collection', 'History of India', 'Cookbook', 'Biography', 'Short Stories', 'Travel Guide', 'Mythology Retold', 'Science Primer', 'Essays'], price: [99, 1499] },
  { name: 'Sports & Gaming', slug: 'sports-gaming', adjectives: ['Professional', 'Kashmir Willow', 'Anti-Slip', 'Adjustable', 'Tournament', 'Junior'], nouns: ['Cricket Bat', 'Football', 'Badminton Racquet', 'Yoga Mat', 'Carrom Board', 'Chess Set', 'Dumbbell Set', 'Game Controller', 'Gaming Headset', 'Skipping Rope'], price: [149, 12999] },
  { name: 'Health & Beauty', slug: 'health-beauty', adjectives: ['Ayurvedic', 'Cold-Pressed', 'Herbal', 'Organic', 'Kumkumadi', 'Neem and Tulsi'], nouns: ['Face Oil', 'Hair Oil', 'Aloe Vera Gel', 'Bath Soap', 'Face Wash', 'Lip Balm', 'Ashwagandha Powder', 'Chyawanprash', 'Coconut Oil', 'Body Lotion'], price: [99, 2999] },
] as const;
const VARIANTS = ['', ', Pack of 2', ', Set of 3', ', Large', ', Small', ', Blue', ', Maroon', ', Classic', ', Premium'];

export type BenchCatalog = { products: number; shops: number; categories: number; reviews: number; sampleProductId: string };

/** Seeds `count` products over the six categories and 20 shops (one inactive), and 60 reviews of one product, with bulk inserts. */
export async function seedCatalog(db: Db, count = 10_000): Promise<BenchCatalog> {
  const random = rng(20_261_122);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  return db.transaction(async (tx) => {
    const vendors = await tx
      .insert(users)
      .values(Array.from({ length: 5 }, (_, i) => ({ email: `bench-vendor-${i}@example.invalid`, passwordHash: 'bench data: no sign-in', referralCode: `BENCHV${i}` })))
      .returning({ id: users.id });
    await tx.insert(userProfiles).values(vendors.map((v, i) => ({ userId: v.id, role: 'vendor', firstName: 'Bench', lastName: `Vendor ${i}` })));
    const shops = await tx
      .insert(vendorShops)
      .values(Array.from({ length: 20 }, (_, i) => ({ vendorId: vendors[i % vendors.length].id, shopName: `Bench Shop ${i + 1}`, isActive: i !== 19 })))
      .returning({ id: vendorShops.id });
    const cats = await tx
      .insert(categories)
      .values(CATALOG.map((c, i) => ({ name: c.name, slug: c.slug, sortOrder: i + 1 })))
      .returning({ id: categories.id });

    const now = Date.now();
    const rows: (typeof products.$inferInsert)[] = [];
    for (let i = 0; i < count; i++) {
      const c = i % CATALOG.length;
      const def = CATALOG[c];
      const noun = pick(def.nouns);
      const name = `${pick(def.adjectives)} ${noun}${pick(VARIANTS)} #${i + 1}`;
      const rupees = Math.round(def.price[0] + random() ** 2 * (def.price[1] - def.price[0]));
      const rated = random() < 0.7;
      rows.push({
        name,
        description: `${name}: a ${def.name.toLowerCase()} favourite from an Indian seller. ${noun} made with care, checked before dispatch and delivered across India.`,
        pricePaise: rupees * 100,
        originalPricePaise: random() < 0.6 ? Math.round(rupees * (1.1 + random() * 0.6)) * 100 : null,
        stockQuantity: Math.floor(random() * 200),
        rewardPercentage: pick([2, 3, 5, 5, 7.5, 10]),
        isActive: random() > 0.02,
        categoryId: cats[c].id,
        storeId: shops[Math.floor(random() * shops.length)].id,
        ratingAverage: rated ? Math.round((2 + random() * 3) * 100) / 100 : 0,
        ratingCount: rated ? 1 + Math.floor(random() * 500) : 0,
        createdAt: new Date(now - Math.floor(random() * 365 * 24 * 3600_000)),
      });
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(products).values(rows.slice(i, i + 1000));
    const [sample] = await tx.execute(sql`select p.id from products p join vendor_shops s on s.id = p.store_id where p.is_active and s.is_active order by p.created_at limit 1 offset 500`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    // Reviews of the sample product by 60 customers, so the reviews endpoint has pages to read.
    const customers = await tx
      .insert(users)
      .values(Array.from({ length: 60 }, (_, i) => ({ email: `bench-customer-${i}@example.invalid`, passwordHash: 'bench data: no sign-in', referralCode: `BENCHC${i}` })))
      .returning({ id: users.id });
    await tx.insert(userProfiles).values(customers.map((u, i) => ({ userId: u.id, role: 'customer', firstName: `Customer${i}`, lastName: 'Bench' })));
    await tx.insert(reviews).values(customers.map((u) => ({ productId: sample.id, customerUserId: u.id, rating: 1 + Math.floor(random() * 5), comment: 'Bench review.' })));
    return { products: count, shops: shops.length, categories: cats.length, reviews: customers.length, sampleProductId: sample.id };
  });
}
