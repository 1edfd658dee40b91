import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../modules/auth';
import {
  addresses,
  adminAccountRoles,
  adminAccounts,
  adminRoles,
  customers,
  userProfiles,
  users,
  vendors,
} from '../modules/auth/auth.tables';
import { categories, products } from '../modules/catalog/catalog.tables';
import { listProductVariants, searchProducts } from '../modules/catalog';
import { productSearchQuerySchema } from '../../contracts/catalog.contract';
import { todayInIndia } from '../../domain/age';
import { employees, projects, tasks, timesheets } from '../modules/erp/erp.tables';
import { images } from '../modules/media/media.tables';
import { merchants, merchantTransactions } from '../modules/merchants/merchants.tables';
import { getCodSettings } from '../modules/payments';
import { getOrderReturns, listReturns } from '../modules/returns';
import { returnListQuerySchema } from '../../contracts/returns.contract';
import { loadConfig } from '../platform/config';
import { referrals } from '../modules/referrals/referrals.tables';
import { contactMessages } from '../modules/content/content.tables';
import { rewardBalances, rewardsTransactions, withdrawalRequests } from '../modules/rewards/rewards.tables';
import { vendorShops } from '../modules/shops/shops.tables';
import {
  commissionRules,
  taxDocuments,
  vendorBalances,
  vendorPayoutDetails,
  vendorPayouts,
} from '../modules/settlement/settlement.tables';
import { financialYearOf } from '../../domain/tax-documents';
import { monthInIndia } from '../../domain/commission-invoice';
import { commissionOfMonth, getHaatTaxIdentity } from '../modules/settlement';
import { codMessages, codRefusals, DEFAULT_COD_LIMIT_PAISE } from '../../domain/cod';
import { moneyInvariantViolations } from '../test/invariants';
import { checkMoney } from '../money-checks';
import { gstinStateMatches, isGstin, isPan } from '../../domain/india-ids';
import { LocalDiskStorage } from '../platform/object-storage';
import { freshDatabase } from '../test/db';
import {
  isDatabaseEmpty,
  publishedDemoPasswords,
  publishedPasswordsWarning,
  seedDemoData,
  type SeedSummary,
} from './demo-data';
import { DEMO_RETURN_ORDER, DEMO_RETURN_REQUEST } from './demo-returns';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let uploadsDir: string;
let summary: SeedSummary;
let emptyBefore: boolean;

beforeAll(async () => {
  database = await freshDatabase();
  uploadsDir = await mkdtemp(join(tmpdir(), 'haat-seed-'));
  emptyBefore = await isDatabaseEmpty(database.db);
  // Seeded as the app's role, as main.ts does.
  summary = await seedDemoData({ db: database.asApp.db, storage: new LocalDiskStorage(uploadsDir) });
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('has commission rates, HSN codes on classified products, and two vendors with payout and tax details', async () => {
    const rules = await database.db
      .select({ scope: commissionRules.scope, rateBp: commissionRules.rateBp })
      .from(commissionRules);
    expect(rules.map((r) => `${r.scope} ${r.rateBp}`).sort()).toEqual([
      'category 500',
      'category 800',
      'global 1000',
      'vendor 600',
    ]);
    const classified = await database.db
      .select({ name: products.name, hsn: products.hsnCode })
      .from(products)
      .where(sql`${products.hsnCode} is not null`);
    expect(classified.length).toBeGreaterThanOrEqual(15);
    expect(classified.find((p) => p.name.startsWith('A Suitable Boy'))?.hsn).toBe('4901');
    const details = await database.db.select().from(vendorPayoutDetails);
    expect(details).toHaveLength(2);
    for (const d of details) expect(isPan(d.pan ?? '')).toBe(true);
    const withGstin = details.filter((d) => d.gstin);
    expect(withGstin).toHaveLength(1);
    expect(isGstin(withGstin[0].gstin!)).toBe(true);
    expect(gstinStateMatches(withGstin[0].gstin!, 'Delhi')).toBe(true);
  });

  it('has the settlement story lived once: two delivered orders invoiced, one vendor paid out, one payable', async () => {
    // Earbuds ₹1,499 at 18 % from Sharma (Delhi GSTIN) to Delhi: commission 10 % = 149.90, TCS 0.5 % of
    // taxable 1,270.34 = 6.35, TDS 0.1 % of the taxable value (its invoice shows GST: CBDT Circular 20/2023, Q3)
    // = 1.27, net 1,499 - 149.90 - 6.35 - 1.27 = 1,341.48.
    // Diyas ₹599 from Jaipur (no GSTIN: no GST charged, a bill of supply; delivered within Rajasthan):
    // commission 6 % = 35.94, no TCS, TDS 0.1 % of the gross = 0.60, net 562.46.
    const [jaipur, sharma] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} in ('vendor@haat.test', 'vendor2@haat.test')`)
      .orderBy(users.email); // 'vendor2@' sorts first
    const payouts = await database.db.select().from(vendorPayouts);
    expect(payouts).toMatchObject([
      {
        vendorUserId: sharma.id,
        amountPaise: 134148,
        status: 'paid',
        method: 'bank',
        reference: 'HDFCR52026112698765432',
      },
    ]);
    const balances = await database.db.select().from(vendorBalances);
    expect(balances.find((b) => b.vendorUserId === sharma.id)).toMatchObject({
      pendingPaise: 0,
      payablePaise: 0,
      paidPaise: 134148,
    });
    // Jaipur's pending: the demo customer's recent order (₹1,148, see the returns test), still inside its window:
    // commission 6 % = 68.88, no TCS, TDS 0.1 % = 1.148 -> 1.15, net 1,148 - 68.88 - 1.15 = 1,077.97.
    expect(balances.find((b) => b.vendorUserId === jaipur.id)).toMatchObject({
      pendingPaise: 107797,
      payablePaise: 56246,
      paidPaise: 0,
    });
    const docs = await database.db.select().from(taxDocuments).orderBy(taxDocuments.totalPaise);
    const shippedOn = todayInIndia(new Date(Date.now() - 19 * 86_400_000));
    const fy = financialYearOf(shippedOn).slice(2);
    // That order's bill of supply: Jaipur's second of the year (its first if a new financial year began in between), no GST.
    const recentShippedOn = todayInIndia(new Date(Date.now() - 4 * 86_400_000));
    const recentFy = financialYearOf(recentShippedOn).slice(2);
    expect(docs.map((d) => d.kind)).toEqual(['bill_of_supply', 'bill_of_supply', 'invoice']);
    expect(docs[0].parties.seller).toMatchObject({ pan: 'BKMPM2468L', enrolmentNumber: '08BKMPM2468LEN1' });
    expect(docs.filter((d) => d.kind === 'bill_of_supply').map((d) => d.placeOfSupplyState)).toEqual([
      'Rajasthan',
      'Rajasthan',
    ]);
    expect(
      docs.map((d) => [
        d.number,
        d.issuedOn,
        d.totalPaise,
        d.cgstPaise,
        d.sgstPaise,
        d.igstPaise,
        d.parties.seller.gstin === null,
      ]),
    ).toEqual([
      [`BOS/${fy}/000001`, shippedOn, 59900, 0, 0, 0, true],
      [`BOS/${recentFy}/00000${recentFy === fy ? 2 : 1}`, recentShippedOn, 114800, 0, 0, 0, true],
      [`INV/${fy}/000001`, shippedOn, 149900, 11433, 11433, 0, false],
    ]);
    expect(await moneyInvariantViolations(database.db)).toEqual([]);
    // Every rule `npm run check:money` checks, the order rules too: a fresh install's check says all hold.
    expect((await checkMoney(database.db)).filter((c) => c.broken > 0)).toEqual([]);
  });

  it("has Haat's GST registration, so that the demo vendors' commission of this month is billed when the month is over", async () => {
    expect(await getHaatTaxIdentity(database.db)).toMatchObject({
      legalName: 'Haat Marketplace Private Limited',
      state: 'Karnataka',
    });
    const [jaipur, sharma] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} in ('vendor@haat.test', 'vendor2@haat.test')`)
      .orderBy(users.email);
    const month = monthInIndia(new Date());
    // The demo's sales are credited when it is loaded: Sharma's earbuds (10 % of ₹1,499 = ₹149.90) and
    // Jaipur's diyas and the recent order (6 % of ₹599 + 6 % of ₹1,148 = ₹35.94 + ₹68.88 = ₹104.82).
    expect(await commissionOfMonth(database.db, { vendorUserId: sharma.id, month })).toEqual({
      invoicePaise: 14990,
      creditPaise: 0,
    });
    expect(await commissionOfMonth(database.db, { vendorUserId: jaipur.id, month })).toEqual({
      invoicePaise: 10482,
      creditPaise: 0,
    });
  });

  it('goes only into an empty database', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('has the six categories of the specification', async () => {
    const rows = await database.db.select({ name: categories.name }).from(categories).orderBy(categories.sortOrder);
    expect(rows.map((r) => r.name)).toEqual([
      'Electronics',
      'Fashion',
      'Home & Living',
      'Books',
      'Sports & Gaming',
      'Health & Beauty',
    ]);
    expect(summary.categories).toBe(6);
  });

  it('has at least three vendors, each with a shop', async () => {
    const rows = await database.db
      .select({ userId: vendors.userId, shops: count(vendorShops.id) })
      .from(vendors)
      .leftJoin(vendorShops, eq(vendorShops.vendorId, vendors.userId))
      .groupBy(vendors.userId);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.shops).toBeGreaterThanOrEqual(1);
    const [shops] = await database.db.select({ n: count() }).from(vendorShops);
    expect(shops.n).toBe(summary.shops);
    expect(summary.shops).toBeGreaterThanOrEqual(4);
  });

  it('offers cash on delivery at most of the shops that deliver but not all, up to ₹10,000 and never for electronics', async () => {
    const shops = await database.db
      .select({
        id: vendorShops.id,
        name: vendorShops.shopName,
        delivers: vendorShops.deliveryAvailable,
        cod: vendorShops.codEnabled,
      })
      .from(vendorShops);
    const delivering = shops.filter((s) => s.delivers);
    const withCod = delivering.filter((s) => s.cod);
    expect(withCod.length * 2).toBeGreaterThan(delivering.length);
    expect(withCod.length).toBeLessThan(delivering.length);
    expect(shops.filter((s) => !s.cod).map((s) => s.name)).toEqual(['Sharma Books & Games']);

    const settings = await getCodSettings(database.db);
    const [electronics] = await database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, 'electronics'));
    expect(settings).toEqual({ limitPaise: DEFAULT_COD_LIMIT_PAISE, excludedCategoryIds: [electronics.id] });

    // What checkout then says of a few demo carts (one unit each, before delivery).
    const rows = await database.db
      .select({
        name: products.name,
        pricePaise: products.pricePaise,
        categoryId: products.categoryId,
        storeId: products.storeId,
      })
      .from(products)
      .where(eq(products.isActive, true));
    const shopOf = new Map(shops.map((s) => [s.id, s]));
    const reasonsFor = (names: string[]) => {
      const cart = names.map((n) => rows.find((r) => r.name === n)!);
      return codRefusals(
        {
          orderValuePaise: cart.reduce((sum, p) => sum + p.pricePaise, 0),
          shops: cart.map((p) => ({ storeName: shopOf.get(p.storeId)!.name, codEnabled: shopOf.get(p.storeId)!.cod })),
          excludedProducts: cart.filter((p) => settings.excludedCategoryIds.includes(p.categoryId)).map((p) => p.name),
        },
        settings.limitPaise,
      );
    };
    expect(reasonsFor(['Hand Block Printed Cotton Kurta for Women', 'Brass Diya Set of 4'])).toEqual([]);
    expect(reasonsFor(['Wireless Earbuds with 40-Hour Playback'])).toEqual([
      codMessages.excluded(['Wireless Earbuds with 40-Hour Playback']),
    ]);
    const book = rows.find((r) => shopOf.get(r.storeId)!.name === 'Sharma Books & Games')!;
    expect(reasonsFor([book.name])).toEqual([codMessages.notOffered(['Sharma Books & Games'])]);
    // Every shop that offers it has products that may be paid in cash.
    for (const s of withCod)
      expect(
        rows.some(
          (r) =>
            r.storeId === s.id &&
            !settings.excludedCategoryIds.includes(r.categoryId) &&
            r.pricePaise <= settings.limitPaise,
        ),
      ).toBe(true);
  });

  it('has at least 60 priced products over all six categories, each with a WebP image on disk', async () => {
    const rows = await database.db
      .select({
        id: products.id,
        pricePaise: products.pricePaise,
        imageUrl: products.imageUrl,
        images: products.images,
        categoryId: products.categoryId,
      })
      .from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.length).toBe(summary.products);
    expect(new Set(rows.map((r) => r.categoryId)).size).toBe(6);
    for (const p of rows) {
      expect(p.pricePaise).toBeGreaterThan(0);
      expect(p.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect(p.images).toEqual([p.imageUrl]);
      const file = join(uploadsDir, basename(p.imageUrl ?? ''));
      await access(file);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(800);
    }
    const imageRows = await database.db
      .select({ entityId: images.entityId, thumbnailFilename: images.thumbnailFilename })
      .from(images)
      .where(eq(images.imageType, 'product'));
    expect(new Set(imageRows.map((r) => r.entityId))).toEqual(new Set(rows.map((r) => r.id)));
    for (const r of imageRows) {
      expect(r.thumbnailFilename).toMatch(/-thumb\.webp$/);
      await access(join(uploadsDir, r.thumbnailFilename ?? ''));
    }
  });

  it('gives the clothing and footwear realistic sizes, some products colours, and finds them by size', async () => {
    const named = async (name: string) => {
      const [p] = await database.db
        .select({
          id: products.id,
          stock: products.stockQuantity,
          pricePaise: products.pricePaise,
          option1Name: products.option1Name,
        })
        .from(products)
        .where(eq(products.name, name));
      return { ...p, variants: await listProductVariants(database.db, p.id) };
    };
    const kurta = await named('Hand Block Printed Cotton Kurta for Women');
    expect(kurta.variants).toHaveLength(10);
    const m = kurta.variants.find((v) => v.sku === 'JHH-KUR-IND-M');
    expect(m).toMatchObject({ label: 'Size: M · Colour: Indigo', pricePaise: null });
    // XXL costs ₹50 more; the product's stock is its variants' sum.
    expect(kurta.variants.find((v) => v.sku === 'JHH-KUR-RUS-XXL')).toMatchObject({
      label: 'Size: XXL · Colour: Rust',
      pricePaise: kurta.pricePaise + 5000,
    });
    expect(kurta.stock).toBe(kurta.variants.reduce((n, v) => n + v.stockQuantity, 0));
    const juttis = await named('Embroidered Leather Mojari Juttis');
    expect(juttis.variants.map((v) => v.option1Value)).toEqual(['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10']);
    const dupatta = await named('Leheriya Cotton Dupatta');
    expect(dupatta).toMatchObject({ option1Name: 'Colour' });
    // A saree is free size: no options.
    expect(await named('Bandhani Silk Saree with Blouse Piece')).toMatchObject({ option1Name: null, variants: [] });

    const sizeM = await searchProducts({
      db: database.db,
      query: productSearchQuerySchema.parse({ category: 'fashion', option: 'size:m' }),
    });
    expect(sizeM.items.map((p) => p.name).sort()).toEqual([
      'Hand Block Printed Cotton Kurta for Women',
      "Indigo Dabu Print Men's Shirt",
      "Men's Cotton Kurta Pyjama Set",
      "Men's Linen Nehru Jacket",
    ]);
    // The past orders still add up, and each product's stock is its variants' sum (the invariants).
    expect(await moneyInvariantViolations(database.db)).toEqual([]);
  });

  it('gives the customer 500 points that equal the ledger sum, a default address in Bengaluru and one in Jaipur', async () => {
    const [customer] = await database.db
      .select({ userId: customers.userId, rewardPoints: rewardBalances.availablePoints })
      .from(customers)
      .innerJoin(users, eq(users.id, customers.userId))
      .innerJoin(rewardBalances, eq(rewardBalances.userId, customers.userId))
      .where(eq(users.email, 'customer@haat.test'));
    expect(customer.rewardPoints).toBe(500);
    const [ledger] = await database.db
      .select({ total: sql<number>`coalesce(sum(${rewardsTransactions.points}), 0)::int` })
      .from(rewardsTransactions)
      .where(eq(rewardsTransactions.customerId, customer.userId));
    expect(ledger.total).toBe(customer.rewardPoints);
    const rows = await database.db
      .select({ isDefault: addresses.isDefault, city: addresses.city })
      .from(addresses)
      .where(eq(addresses.userId, customer.userId));
    // Jaipur: where her order from Jaipur Handloom House went (a seller without a GSTIN delivers only within its state).
    expect(rows.sort((x, y) => x.city.localeCompare(y.city))).toEqual([
      { isDefault: true, city: 'Bengaluru' },
      { isDefault: false, city: 'Jaipur' },
    ]);
  });

  it("gives the demo customer a delivered order from Jaipur Handloom House with one item's return requested and the other still returnable", async () => {
    const [priya] = await database.db
      .select({ userId: customers.userId })
      .from(customers)
      .where(eq(customers.email, 'customer@haat.test'));
    const [meera] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'vendor2@haat.test'));
    // Every return (the super admin's Returns tab): this one, waiting for the shop.
    const all = await listReturns({ db: database.db, query: returnListQuerySchema.parse({}) });
    expect(all.total).toBe(1);
    const [asked] = all.items;
    expect(asked).toMatchObject({
      status: 'requested',
      statusLabel: 'Return requested',
      storeName: 'Jaipur Handloom House',
      customerName: 'Priya Sharma',
      reason: DEMO_RETURN_REQUEST.reason,
      comment: DEMO_RETURN_REQUEST.comment,
      photos: [],
      valuePaise: 69900,
      decidedBy: null,
      rejectionReason: null,
      refund: null,
      creditNoteNumber: null,
    });
    expect(asked.items).toMatchObject([{ productName: DEMO_RETURN_ORDER.returned, quantity: 1, pricePaise: 69900 }]);
    // The shop's own Returns tab shows it as requested.
    const shops = await listReturns({
      db: database.db,
      query: returnListQuerySchema.parse({ status: 'requested' }),
      vendorUserId: meera.id,
    });
    expect(shops.items.map((r) => r.id)).toEqual([asked.id]);

    // The customer's order: delivered two days ago, open for returns five days more (the default window), the runner still returnable.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: uploadsDir });
    expect(config.RETURN_WINDOW_DAYS).toBe(7);
    const view = await getOrderReturns({
      db: database.db,
      config,
      customerUserId: priya.userId,
      orderId: asked.orderId,
    });
    expect(view.returns.map((r) => r.id)).toEqual([asked.id]);
    expect(view.returnable).toHaveLength(1);
    const [part] = view.returnable;
    expect(part).toMatchObject({
      partId: asked.partId,
      storeName: 'Jaipur Handloom House',
      canReturn: true,
      refusal: null,
    });
    const daysAgo = (Date.now() - Date.parse(part.deliveredAt)) / 86_400_000;
    expect(daysAgo).toBeGreaterThan(1.9);
    expect(daysAgo).toBeLessThan(2.1);
    expect(Date.parse(part.windowEndsAt) - Date.parse(part.deliveredAt)).toBe(7 * 86_400_000);
    expect(part.items.map((i) => [i.productName, i.quantity, i.returnableQuantity]).sort()).toEqual([
      [DEMO_RETURN_ORDER.returned, 1, 0],
      [DEMO_RETURN_ORDER.kept, 1, 1],
    ]);
    // Paid with points given for it: the customer keeps the 500 (the test above), and every ledger still adds up.
    expect(await moneyInvariantViolations(database.db)).toEqual([]);
  });

  it('gives the super admin something to do: two pending withdrawals through the ledger, a pending employee, an unread message', async () => {
    const [rahul] = await database.db
      .select({ userId: customers.userId, rewardPoints: rewardBalances.availablePoints })
      .from(customers)
      .innerJoin(rewardBalances, eq(rewardBalances.userId, customers.userId))
      .where(eq(customers.email, 'rahul@haat.test'));
    const pending = await database.db
      .select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.customerId, rahul.userId));
    expect(pending.map((w) => [w.points, w.status]).sort()).toEqual([
      [150, 'pending'],
      [250, 'pending'],
    ]);
    const [ledger] = await database.db
      .select({ total: sql<number>`coalesce(sum(${rewardsTransactions.points}), 0)::int` })
      .from(rewardsTransactions)
      .where(eq(rewardsTransactions.customerId, rahul.userId));
    expect(ledger.total).toBe(rahul.rewardPoints);
    expect(rahul.rewardPoints).toBe(200);
    expect(
      (await database.db.select().from(employees).where(eq(employees.isApproved, false))).map((e) => e.email),
    ).toEqual(['neha@haat.test']);
    expect((await database.db.select().from(contactMessages)).map((m) => [m.subject, m.isRead])).toEqual([
      ['Order not delivered yet', false],
    ]);
  });

  it('lets every demo account sign in with its role', async () => {
    expect(summary.accounts.map((a) => a.role).sort()).toEqual([
      'admin',
      'customer',
      'customer',
      'customer',
      'customer',
      'customer',
      'customer',
      'employee',
      'employee',
      'merchant',
      'staff (Finance)',
      'staff (Support)',
      'vendor',
      'vendor',
      'vendor',
    ]);
    for (const account of summary.accounts) {
      if (account.role.startsWith('staff')) {
        // The operator's staff sign in at /admin/login and set up their authenticator the first time.
        const [a] = await database.db.select().from(adminAccounts).where(eq(adminAccounts.email, account.email));
        expect(a).toMatchObject({ status: 'active', twoFaEnabled: false });
        expect(await verifyPassword(a.passwordHash, account.password)).toBe(true);
        const [role] = await database.db
          .select({ name: adminRoles.name })
          .from(adminAccountRoles)
          .innerJoin(adminRoles, eq(adminRoles.id, adminAccountRoles.roleId))
          .where(eq(adminAccountRoles.adminId, a.id));
        expect(account.role).toBe(`staff (${role.name})`);
        continue;
      }
      if (account.role === 'employee') {
        const [e] = await database.db.select().from(employees).where(eq(employees.email, account.email));
        expect(e).toMatchObject({ department: 'Engineering', isApproved: true, isActive: true });
        expect(await verifyPassword(e.passwordHash, account.password)).toBe(true);
        continue;
      }
      const [u] = await database.db
        .select({ role: userProfiles.role, passwordHash: users.passwordHash })
        .from(users)
        .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(eq(users.email, account.email));
      expect(u?.role).toBe(account.role);
      expect(await verifyPassword(u.passwordHash, account.password)).toBe(true);
    }
  });

  it('names, for the production start-up warning, every demo account whose published password still signs in, and drops one whose password was changed', async () => {
    const open = await publishedDemoPasswords(database.db);
    expect(open.map((a) => a.email).sort()).toEqual([...summary.accounts.map((a) => a.email), 'neha@haat.test'].sort());
    const warning = publishedPasswordsWarning(open);
    expect(warning).toContain('customer@haat.test / Customer@123 (customer)');
    expect(warning).toContain('vendor@haat.test / Vendor@123 (vendor)');
    expect(warning).toContain('employee@haat.test / Employee@123 (employee)');

    const [priya] = await database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'customer@haat.test'));
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-private-password') })
      .where(eq(users.email, 'customer@haat.test'));
    try {
      expect((await publishedDemoPasswords(database.db)).map((a) => a.email)).not.toContain('customer@haat.test');
    } finally {
      await database.db.update(users).set({ passwordHash: priya.hash }).where(eq(users.email, 'customer@haat.test'));
    }

    const empty = await freshDatabase();
    try {
      expect(await publishedDemoPasswords(empty.db)).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('fills the ERP: projects, tasks and a week of timesheets for the demo employee and a second employee who manages a project', async () => {
    const [vikram] = await database.db.select().from(employees).where(eq(employees.email, 'employee@haat.test'));
    const [arjun] = await database.db.select().from(employees).where(eq(employees.email, 'arjun@haat.test'));
    expect([vikram.employeeId, arjun.employeeId]).toEqual(['EMP001', 'EMP003']);
    const managed = await database.db.select().from(projects).where(eq(projects.projectManagerId, arjun.id));
    expect(managed.map((p) => p.name).sort()).toEqual(['Haat Mobile App', 'Vendor Onboarding Portal']);
    const assigned = await database.db.select().from(tasks).where(eq(tasks.assignedTo, vikram.id));
    expect(assigned.length).toBeGreaterThanOrEqual(3);
    const entries = await database.db.select().from(timesheets).where(eq(timesheets.employeeId, vikram.id));
    expect(new Set(entries.map((e) => e.status))).toEqual(new Set(['draft', 'submitted', 'approved', 'rejected']));
    // The overnight entry is stored with the server's hours: 22:00 to 02:00 is 4.00.
    expect(entries.find((e) => e.startTime.startsWith('22:00'))?.hoursWorked).toBe(4);
    expect(entries.find((e) => e.status === 'approved')?.workDate).toBe(todayInIndia());
  });

  it("fills the merchant's dashboard: a customer it referred, who paid it three times with cashback pending", async () => {
    const [kavya] = await database.db
      .select({
        userId: customers.userId,
        pending: rewardBalances.pendingPoints,
        available: rewardBalances.availablePoints,
      })
      .from(customers)
      .innerJoin(rewardBalances, eq(rewardBalances.userId, customers.userId))
      .where(eq(customers.email, 'kavya@haat.test'));
    // 2.5 % of ₹180, ₹450.50 and ₹1,200: 4 + 11 + 30 points, pending until the merchant is verified.
    expect(kavya).toMatchObject({ pending: 45, available: 0 });
    const payments = await database.db
      .select()
      .from(merchantTransactions)
      .where(eq(merchantTransactions.customerUserId, kavya.userId));
    expect(payments.map((p) => p.cashbackPoints).sort((a, b) => a - b)).toEqual([4, 11, 30]);
    const [referral] = await database.db.select().from(referrals).where(eq(referrals.referredUserId, kavya.userId));
    expect(referral).toMatchObject({ referredUserType: 'customer', status: 'active' });
  });

  it('gives the merchant a MERCH referral code', async () => {
    const [m] = await database.db
      .select({ code: merchants.referralCode, userCode: users.referralCode, upiId: merchants.upiId })
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.userId))
      .where(eq(users.email, 'merchant@haat.test'));
    expect(m.code).toMatch(/^MERCH[A-Z0-9]{6}$/);
    expect(m.userCode).toBe(m.code);
    expect(m.upiId).toBe('chaipoint@okaxis');
  });

  it('refuses a second load', async () => {
    await expect(seedDemoData({ db: database.db, storage: new LocalDiskStorage(uploadsDir) })).rejects.toThrow(
      'The database already has data; the demo data is loaded only into an empty database.',
    );
  });
});
