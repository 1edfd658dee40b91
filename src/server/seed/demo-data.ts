import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import {
  addVendorMember,
  createAccount,
  createStaffMember,
  hashPassword,
  staffPasswordHashes,
  verifyPassword,
} from '../modules/auth';
import { addresses, users } from '../modules/auth/auth.tables';
import { categories, products } from '../modules/catalog/catalog.tables';
import { employees } from '../modules/erp/erp.tables';
import { ERP_MANAGER, seedErpWork } from './demo-erp';
import { images } from '../modules/media/media.tables';
import { createMerchant, writeMerchantPayment } from '../modules/merchants';
import { saveCodSettings } from '../modules/payments';
import { DEFAULT_COD_LIMIT_PAISE } from '../../domain/cod';
import { DEFAULT_UNVERIFIED_CASHBACK_DAILY_POINTS } from '../platform/config';
import { createReferral } from '../modules/referrals';
import { contactMessages } from '../modules/content/content.tables';
import { rewardBalances, rewardsTransactions, withdrawalRequests } from '../modules/rewards/rewards.tables';
import { vendorShops } from '../modules/shops/shops.tables';
import type { Db, DbOrTx, Tx } from '../platform/db';
import { renderMissingDocumentPdfs } from '../modules/settlement';
import type { ObjectStorage } from '../platform/object-storage';
import { inBatches, logoSvg, productSvg, renderSvgToWebp, type StoredImage } from './demo-images';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type CategorySlug, type ShopKey } from './demo-products';
import { seedDemoReturn } from './demo-returns';
import {
  CUSTOMER_WITH_PAST_ORDERS,
  demoHsnCode,
  seedCommissionInvoices,
  seedSettledOrders,
  seedSettlement,
} from './demo-settlement';
import { seedDemoVariants } from './demo-variants';

/** What the demo data load wrote, with the demo sign-ins. */
export type SeedSummary = {
  categories: number;
  vendors: number;
  shops: number;
  products: number;
  accounts: { role: string; email: string; password: string }[];
};

const ALREADY_SEEDED = 'The database already has data; the demo data is loaded only into an empty database.';
const RENDER_BATCH = 4;
const DAY_MS = 24 * 3600_000;

const CUSTOMER = { email: 'customer@haat.test', password: 'Customer@123' };
const MERCHANT = { email: 'merchant@haat.test', password: 'Merchant@123' };
const ADMIN = { email: 'admin@haat.test', password: 'Admin@123' };
/** The operator's demo staff: they sign in at /admin/login and set up their own authenticator the first time. */
const FINANCE_STAFF = { email: 'finance@haat.test', password: 'Staff@123' };
const SUPPORT_STAFF = { email: 'support@haat.test', password: 'Staff@123' };
/** Sharma Electronics' team: a packer (Orders) and an accountant (Accounts), each with an account of their own. */
const PACKER = { email: 'packer@haat.test', password: 'Member@123' };
const ACCOUNTANT = { email: 'accounts@haat.test', password: 'Member@123' };
const EMPLOYEE = { email: 'employee@haat.test', password: 'Employee@123' };
/** A second customer whose two withdrawal requests wait in the admin panel. */
const CUSTOMER_WITH_PAYOUTS = { email: 'rahul@haat.test', password: 'Customer@123' };
/** Referred by the demo merchant, and its paying customer. */
const MERCHANT_CUSTOMER = { email: 'kavya@haat.test', password: 'Customer@123' };
/** Neha, the employee the super admin finds waiting for approval. */
const PENDING_EMPLOYEE = { email: 'neha@haat.test', password: 'Employee@123' };

const VENDORS = [
  {
    email: 'vendor@haat.test',
    businessName: 'Sharma Electronics',
    firstName: 'Rahul',
    lastName: 'Sharma',
    phone: '9811122233',
    address: 'Shop 14, Nehru Place, New Delhi, Delhi 110019',
  },
  {
    email: 'vendor2@haat.test',
    businessName: 'Jaipur Handloom House',
    firstName: 'Meera',
    lastName: 'Rathore',
    phone: '9829012345',
    address: '112 Johari Bazaar, Jaipur, Rajasthan 302003',
  },
  {
    email: 'vendor3@haat.test',
    businessName: 'Kerala Wellness Co.',
    firstName: 'Anjali',
    lastName: 'Menon',
    phone: '9847012345',
    address: '27 MG Road, Ernakulam, Kochi, Kerala 682011',
  },
] as const;
const VENDOR_PASSWORD = 'Vendor@123';

type DemoShop = {
  key: ShopKey;
  vendor: 0 | 1 | 2;
  shopName: string;
  shopDescription: string;
  shopType: 'online' | 'physical' | 'both';
  place: { address: string; city: string; state: string; postalCode: string } | null;
  deliveryFeePaise: number;
  /** Offers cash on delivery: all but the online-only bookshop, so a cart with one of its books shows why cash on delivery is not offered. */
  codEnabled: boolean;
  hue: number;
};

/** The category the demo's super admin excludes from cash on delivery: high-value gadgets are paid online. */
const DEMO_COD_EXCLUDED_CATEGORY: CategorySlug = 'electronics';

const SHOPS: DemoShop[] = [
  {
    key: 'sharma-electronics',
    vendor: 0,
    shopName: 'Sharma Electronics',
    shopType: 'both',
    hue: 218,
    deliveryFeePaise: 4900,
    codEnabled: true,
    shopDescription:
      'Phones, laptops, audio and home appliances at honest prices, with a showroom in Nehru Place since 2009.',
    place: { address: 'Shop 14, Nehru Place', city: 'New Delhi', state: 'Delhi', postalCode: '110019' },
  },
  {
    key: 'sharma-books',
    vendor: 0,
    shopName: 'Sharma Books & Games',
    shopType: 'online',
    hue: 262,
    deliveryFeePaise: 0,
    codEnabled: false,
    shopDescription:
      'Indian fiction, history and classics alongside cricket gear and board games for the whole family.',
    place: null,
  },
  {
    key: 'jaipur-handloom',
    vendor: 1,
    shopName: 'Jaipur Handloom House',
    shopType: 'physical',
    hue: 330,
    deliveryFeePaise: 0,
    codEnabled: true,
    shopDescription:
      'Hand block prints, Bandhani, Leheriya and home textiles made by artisan families across Rajasthan.',
    place: { address: '112 Johari Bazaar', city: 'Jaipur', state: 'Rajasthan', postalCode: '302003' },
  },
  {
    key: 'kerala-wellness',
    vendor: 2,
    shopName: 'Kerala Wellness Co.',
    shopType: 'both',
    hue: 172,
    deliveryFeePaise: 3900,
    codEnabled: true,
    shopDescription: 'Ayurvedic oils, herbal personal care and fitness essentials, packed fresh in Kochi.',
    place: { address: '27 MG Road, Ernakulam', city: 'Kochi', state: 'Kerala', postalCode: '682011' },
  },
];

/** The value stored under `key`; the demo data's own maps always have it. */
function must<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to an unknown key: ${String(key)}`);
  return value;
}

const countOf = async (db: DbOrTx, table: typeof users | typeof categories) =>
  (await db.select({ n: count() }).from(table))[0].n;

/** The demo accounts that sign in, with their passwords (published in the README). */
const demoSignIns = (): SeedSummary['accounts'] => [
  { role: 'customer', ...CUSTOMER },
  { role: 'customer', ...CUSTOMER_WITH_PAYOUTS },
  { role: 'customer', ...MERCHANT_CUSTOMER },
  { role: 'customer', ...CUSTOMER_WITH_PAST_ORDERS },
  ...VENDORS.map((v) => ({ role: 'vendor', email: v.email, password: VENDOR_PASSWORD })),
  { role: 'merchant', ...MERCHANT },
  { role: 'admin', ...ADMIN },
  { role: 'staff (Finance)', ...FINANCE_STAFF },
  { role: 'staff (Support)', ...SUPPORT_STAFF },
  { role: 'customer', ...PACKER },
  { role: 'customer', ...ACCOUNTANT },
  { role: 'employee', ...EMPLOYEE },
  { role: 'employee', ...ERP_MANAGER },
];

/**
 * The demo accounts (and the employee waiting for approval) whose password is still the one the
 * README publishes: anyone may sign in with these. Empty on a database without the demo data.
 */
export async function publishedDemoPasswords(db: DbOrTx): Promise<SeedSummary['accounts']> {
  const published = [...demoSignIns(), { role: 'employee (waiting for approval)', ...PENDING_EMPLOYEE }];
  const emails = published.map((a) => a.email);
  const hashes = new Map<string, string>();
  for (const row of await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, emails)))
    hashes.set(`user:${row.email}`, row.hash);
  for (const row of await db
    .select({ email: employees.email, hash: employees.passwordHash })
    .from(employees)
    .where(inArray(employees.email, emails)))
    hashes.set(`employee:${row.email}`, row.hash);
  for (const [email, hash] of await staffPasswordHashes(db, emails)) hashes.set(`staff:${email}`, hash);
  const open: SeedSummary['accounts'] = [];
  const realm = (role: string) =>
    role.startsWith('employee') ? 'employee' : role.startsWith('staff') ? 'staff' : 'user';
  for (const a of published) {
    const hash = hashes.get(`${realm(a.role)}:${a.email}`);
    if (hash && (await verifyPassword(hash, a.password))) open.push(a);
  }
  return open;
}

/** The start-up warning that names the demo accounts anyone may sign in with. */
export const publishedPasswordsWarning = (accounts: SeedSummary['accounts']): string =>
  `Demo data: these accounts have the passwords published in the README, and anyone can sign in with them: ${accounts.map((a) => `${a.email} / ${a.password} (${a.role})`).join(', ')}. Delete the demo data (start on an empty database without DEMO_DATA=true) before real customers use this store.`;

/** True when no user account and no category exist yet, so the demo data may be loaded. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await countOf(db, users)) === 0 && (await countOf(db, categories)) === 0;
}

async function assertNoCategories(db: DbOrTx): Promise<void> {
  if ((await countOf(db, categories)) > 0) throw new Error(ALREADY_SEEDED);
}

/**
 * Loads the demo marketplace into an empty database: categories, accounts of every role, shops,
 * products with generated images in `storage` (DATA_DIR/uploads or the bucket), the clothing's sizes
 * and colours (demo-variants.ts), all rows in one transaction. With `documents` (the documents'
 * store), the demo's tax documents get their PDFs at once, so their downloads work immediately.
 */
export async function seedDemoData({
  db,
  storage,
  documents,
}: {
  db: Db;
  storage: ObjectStorage;
  documents?: ObjectStorage;
}): Promise<SeedSummary> {
  await assertNoCategories(db);
  const written: string[] = [];
  let summary: SeedSummary;
  try {
    const shopIds = new Map(SHOPS.map((s) => [s.key, randomUUID()]));
    const productIds = DEMO_PRODUCTS.map(() => randomUUID());
    const logos = await inBatches(SHOPS, RENDER_BATCH, (s) =>
      renderSvgToWebp(logoSvg(s.shopName, s.hue), storage, 400, 150, written),
    );
    const pictures = await inBatches(DEMO_PRODUCTS, RENDER_BATCH, (p) =>
      renderSvgToWebp(productSvg(p.name, p.category), storage, 800, 300, written),
    );
    summary = await db.transaction(async (tx) => {
      await assertNoCategories(tx);
      const categoryRows = await tx
        .insert(categories)
        .values(DEMO_CATEGORIES.map((c) => ({ ...c })))
        .returning({ id: categories.id, slug: categories.slug });
      const categoryIds = new Map(categoryRows.map((c) => [c.slug, c.id]));

      const vendorIds: string[] = [];
      for (const v of VENDORS) {
        const { userId } = await createAccount(tx, {
          email: v.email,
          password: VENDOR_PASSWORD,
          role: 'vendor',
          firstName: v.firstName,
          lastName: v.lastName,
          phoneNumber: v.phone,
          address: v.address,
          businessName: v.businessName,
        });
        vendorIds.push(userId);
      }
      await insertShops(tx, shopIds, vendorIds, logos);
      await addVendorMember(tx, {
        vendorUserId: vendorIds[0],
        ...PACKER,
        firstName: 'Pooja',
        lastName: 'Packer',
        role: 'orders',
      });
      await addVendorMember(tx, {
        vendorUserId: vendorIds[0],
        ...ACCOUNTANT,
        firstName: 'Arvind',
        lastName: 'Rao',
        role: 'accounts',
      });
      // Cash on delivery up to the default ₹10,000, never for electronics.
      await saveCodSettings(tx, {
        limitPaise: DEFAULT_COD_LIMIT_PAISE,
        excludedCategoryIds: [must(categoryIds, DEMO_COD_EXCLUDED_CATEGORY)],
      });

      const now = Date.now();
      await tx.insert(products).values(
        DEMO_PRODUCTS.map((p, i) => {
          const createdAt = new Date(now - p.daysAgo * DAY_MS - ((i * 37) % 20) * 3600_000);
          const url = `/uploads/${pictures[i].filename}`;
          return {
            id: productIds[i],
            name: p.name,
            description: p.description,
            pricePaise: p.pricePaise,
            originalPricePaise: p.originalPricePaise,
            imageUrl: url,
            images: [url],
            stockQuantity: p.stockQuantity,
            rewardPercentage: p.rewardPercentage,
            isActive: p.isActive ?? true,
            categoryId: must(categoryIds, p.category),
            storeId: must(shopIds, p.shop),
            hsnCode: demoHsnCode(p),
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
      const productIdNamed = (name: string) => productIds[DEMO_PRODUCTS.findIndex((p) => p.name === name)];
      await seedDemoVariants(tx, productIdNamed);
      const shopOwner = new Map(SHOPS.map((s) => [s.key, vendorIds[s.vendor]]));
      await tx.insert(images).values(
        DEMO_PRODUCTS.map((p, i) => ({
          ...pictures[i],
          imageType: 'product',
          entityId: productIds[i],
          ownerUserId: must(shopOwner, p.shop),
          altText: p.name,
        })),
      );

      await seedSettlement(tx, { vendorIds, categoryIds });
      const customer = await seedCustomer(tx);
      const merchant = await createAccount(tx, {
        email: MERCHANT.email,
        password: MERCHANT.password,
        role: 'merchant',
        phoneNumber: '9812345678',
      });
      await createMerchant(tx, {
        userId: merchant.userId,
        businessName: 'Chai Point Koramangala',
        email: MERCHANT.email,
        mobileNumber: '9812345678',
        upiId: 'chaipoint@okaxis',
        cashbackPercentage: 2.5,
        referralCode: merchant.referralCode,
        referredByUserId: null,
      });
      await createAccount(tx, {
        email: ADMIN.email,
        password: ADMIN.password,
        role: 'admin',
        firstName: 'Anita',
        lastName: 'Desai',
      });
      const [employee] = await tx
        .insert(employees)
        .values({
          email: EMPLOYEE.email,
          passwordHash: await hashPassword(EMPLOYEE.password),
          firstName: 'Vikram',
          lastName: 'Iyer',
          phone: '9900112233',
          department: 'Engineering',
          designation: 'Software Engineer',
          employeeId: 'EMP001',
          dateOfJoining: '2023-06-01',
          address: '45 17th Cross, HSR Layout, Bengaluru, Karnataka 560102',
          emergencyContact: 'Lakshmi Iyer',
          emergencyPhone: '9900112244',
          isApproved: true,
          isActive: true,
        })
        .returning({ id: employees.id });
      await seedErpWork(tx, { employeeId: employee.id });

      await createStaffMember(tx, { ...FINANCE_STAFF, name: 'Farah Khan', roles: ['finance'] });
      await createStaffMember(tx, { ...SUPPORT_STAFF, name: 'Suresh Nair', roles: ['support'] });
      await seedAdminInbox(tx);
      await seedMerchantCustomer(tx, { merchantUserId: merchant.userId, referralCode: merchant.referralCode });
      await seedSettledOrders(tx, {
        vendorIds,
        productIds: {
          sharma: productIdNamed('Wireless Earbuds with 40-Hour Playback'),
          jaipur: productIdNamed('Brass Diya Set of 4'),
        },
      });
      // After the settled orders' release pass: this sale is still inside its return window.
      await seedDemoReturn(tx, { ...customer, vendorUserId: vendorIds[1], productIdNamed });
      // Haat's GST registration, and its commission invoices for any month already over.
      await seedCommissionInvoices(tx);

      return {
        categories: DEMO_CATEGORIES.length,
        vendors: VENDORS.length,
        shops: SHOPS.length,
        products: DEMO_PRODUCTS.length,
        accounts: demoSignIns(),
      };
    });
  } catch (e) {
    await storage.delete(written).catch(() => {});
    throw e;
  }
  if (documents) await renderMissingDocumentPdfs({ db, storage: documents, log: { info: () => {}, error: () => {} } });
  return summary;
}

/** Writes the demo shops with their generated logos. */
async function insertShops(
  tx: Tx,
  shopIds: Map<ShopKey, string>,
  vendorIds: string[],
  logos: StoredImage[],
): Promise<void> {
  await tx.insert(vendorShops).values(
    SHOPS.map((s, i) => ({
      id: must(shopIds, s.key),
      vendorId: vendorIds[s.vendor],
      shopName: s.shopName,
      shopDescription: s.shopDescription,
      shopType: s.shopType,
      address: s.place?.address ?? null,
      city: s.place?.city ?? null,
      state: s.place?.state ?? null,
      postalCode: s.place?.postalCode ?? null,
      deliveryAvailable: true,
      deliveryFeePaise: s.deliveryFeePaise,
      codEnabled: s.codEnabled,
      logoUrl: `/uploads/${logos[i].filename}`,
    })),
  );
  await tx.insert(images).values(
    SHOPS.map((s, i) => ({
      ...logos[i],
      imageType: 'shop_logo',
      entityId: must(shopIds, s.key),
      ownerUserId: vendorIds[s.vendor],
      altText: `${s.shopName} logo`,
    })),
  );
}

/** Writes the demo customer with a default address and a 500-point welcome bonus (ledger row and balance together). */
async function seedCustomer(tx: Tx): Promise<{ customerUserId: string; addressId: string }> {
  const { userId } = await createAccount(tx, {
    email: CUSTOMER.email,
    password: CUSTOMER.password,
    role: 'customer',
    firstName: 'Priya',
    lastName: 'Sharma',
    phoneNumber: '9876543210',
    dateOfBirth: '1994-05-12',
    gender: 'female',
    address: '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038',
  });
  const [address] = await tx
    .insert(addresses)
    .values({
      userId,
      type: 'home',
      streetAddress: '12 MG Road, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      landmark: 'Near Metro Station',
      isDefault: true,
    })
    .returning({ id: addresses.id });
  const welcomePoints = 500;
  await tx.insert(rewardsTransactions).values({
    customerId: userId,
    transactionType: 'cashback',
    points: welcomePoints,
    description: 'Welcome bonus (demo data)',
  });
  await tx
    .update(rewardBalances)
    .set({ availablePoints: welcomePoints, updatedAt: new Date() })
    .where(eq(rewardBalances.userId, userId));
  return { customerUserId: userId, addressId: address.id };
}

/**
 * The demo merchant's filled dashboard: a customer who registered through its referral link and
 * paid it three times by UPI (cashback pending, as the merchant is not verified yet).
 */
async function seedMerchantCustomer(tx: Tx, merchant: { merchantUserId: string; referralCode: string }): Promise<void> {
  const { userId } = await createAccount(tx, {
    email: MERCHANT_CUSTOMER.email,
    password: MERCHANT_CUSTOMER.password,
    role: 'customer',
    firstName: 'Kavya',
    lastName: 'Reddy',
    phoneNumber: '9880012345',
    dateOfBirth: '1997-02-20',
    gender: 'female',
    address: '5 Church Street, Bengaluru, Karnataka 560001',
  });
  await createReferral(tx, {
    referrerUserId: merchant.merchantUserId,
    referredUserId: userId,
    referredUserType: 'customer',
    referralCode: merchant.referralCode,
  });
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 3600_000).toISOString().slice(0, 10);
  for (const [amount, reference, daysAgo] of [
    [18_000, '412300000101', 6],
    [45_050, '412300000102', 3],
    [120_000, '412300000103', 1],
  ] as const) {
    await writeMerchantPayment(
      tx,
      merchant.merchantUserId,
      {
        customer: { kind: 'email', value: MERCHANT_CUSTOMER.email },
        amount,
        upiReference: reference,
        paidOn: day(daysAgo),
      },
      { unverifiedDailyCashbackPoints: DEFAULT_UNVERIFIED_CASHBACK_DAILY_POINTS },
    );
  }
}

/**
 * What the super admin finds on a first look: two pending withdrawals (through the ledger, as the
 * wallet makes them), an employee waiting for approval, and an unread contact message.
 */
async function seedAdminInbox(tx: Tx): Promise<void> {
  const { userId } = await createAccount(tx, {
    email: CUSTOMER_WITH_PAYOUTS.email,
    password: CUSTOMER_WITH_PAYOUTS.password,
    role: 'customer',
    firstName: 'Rahul',
    lastName: 'Verma',
    phoneNumber: '9845012345',
    dateOfBirth: '1990-11-02',
    gender: 'male',
    address: '8 Park Street, Kolkata, West Bengal 700016',
  });
  const earned = 600;
  await tx.insert(rewardsTransactions).values({
    customerId: userId,
    transactionType: 'cashback',
    points: earned,
    description: 'Welcome bonus (demo data)',
  });
  let left = earned;
  for (const [points, upiId, hoursAgo] of [
    [250, 'rahul.verma@okhdfcbank', 30],
    [150, 'rahulv@ybl', 3],
  ] as const) {
    const createdAt = new Date(Date.now() - hoursAgo * 3600_000);
    const [request] = await tx
      .insert(withdrawalRequests)
      .values({ customerId: userId, points, upiId, status: 'pending', createdAt })
      .returning({ id: withdrawalRequests.id });
    await tx.insert(rewardsTransactions).values({
      id: request.id,
      customerId: userId,
      transactionType: 'withdrawn',
      points: -points,
      description: `Withdrawal to UPI ID ${upiId}`,
      createdAt,
    });
    left -= points;
  }
  await tx
    .update(rewardBalances)
    .set({ availablePoints: left, updatedAt: new Date() })
    .where(eq(rewardBalances.userId, userId));

  await tx.insert(employees).values({
    email: PENDING_EMPLOYEE.email,
    passwordHash: await hashPassword(PENDING_EMPLOYEE.password),
    firstName: 'Neha',
    lastName: 'Kulkarni',
    phone: '9900556677',
    department: 'Design',
    designation: 'Product Designer',
    employeeId: 'EMP002',
    dateOfJoining: new Date().toISOString().slice(0, 10),
    address: '22 FC Road, Shivajinagar, Pune, Maharashtra 411005',
    emergencyContact: 'Sunil Kulkarni',
    emergencyPhone: '9900556688',
    isApproved: false,
    isActive: true,
  });

  await tx.insert(contactMessages).values({
    name: 'Meera Nair',
    email: 'meera.nair@example.in',
    type: 'support',
    subject: 'Order not delivered yet',
    message:
      'I ordered a silk saree last week and the tracking has not moved for four days. Could you check with the shop?',
  });
}
