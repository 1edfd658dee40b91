import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Address, AddressData } from '../../../contracts/profile.contract';
import { profileMessages } from '../../../contracts/profile.contract';
import { AppError } from '../../platform/app-error';
import { queryRows, type Db, type DbOrTx, type JsonColumn, type Tx } from '../../platform/db';
import { addresses, customers, users } from './auth.tables';

export type { Address };

const columns = {
  id: addresses.id,
  type: addresses.type,
  streetAddress: addresses.streetAddress,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  country: addresses.country,
  landmark: addresses.landmark,
  isDefault: addresses.isDefault,
};

// The type column is checked by the database (home, work or other).
const toAddress = (row: Omit<Address, 'type'> & { type: string }): Address => ({
  ...row,
  type: row.type as Address['type'],
});

/** SPEC.md's one-string shipping address: "street, city, state - postal_code". */
export function formatAddress(a: Pick<Address, 'streetAddress' | 'city' | 'state' | 'postalCode'>): string {
  return `${a.streetAddress}, ${a.city}, ${a.state} - ${a.postalCode}`;
}

/** One of the user's own addresses, or null (someone else's address is null too). */
export async function getAddress(db: DbOrTx, userId: string, addressId: string): Promise<Address | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row ? toAddress(row) : null;
}

/** What a checkout reads of its customer (getCheckoutCustomer). */
export type CheckoutCustomer = {
  address: Address | null;
  email: string | null;
  contact: { fullName: string; email: string; phone: string | null } | null;
};

/**
 * What a checkout reads of its customer, in one statement: one of their own addresses (null as
 * getAddress answers it), their account's email (null once deleted, as emailOfUser answers it) and
 * their name, email and phone for the payment provider's prefill (as getCustomerContact answers them).
 */
export async function getCheckoutCustomer(db: DbOrTx, userId: string, addressId: string): Promise<CheckoutCustomer> {
  const column = checkoutCustomerColumn(userId, addressId);
  const [row] = await queryRows<{ v: unknown }>(db, sql`select ${column.sql} as v`);
  return column.read(row?.v);
}

/** getCheckoutCustomer as a column of a caller's read (a json scalar subquery), with the same answer. */
export function checkoutCustomerColumn(userId: string, addressId: string): JsonColumn<CheckoutCustomer> {
  const a = addresses;
  const c = customers;
  return {
    sql: sql`(select json_build_object(
        'address', case when ${a.id} is null then null else json_build_object('id', ${a.id}, 'type', ${a.type},
          'streetAddress', ${a.streetAddress}, 'city', ${a.city}, 'state', ${a.state},
          'postalCode', ${a.postalCode}, 'country', ${a.country}, 'landmark', ${a.landmark},
          'isDefault', ${a.isDefault}) end,
        'email', ${users.email}, 'status', ${users.status},
        'contact', case when ${c.id} is null then null
          else json_build_object('fullName', ${c.fullName}, 'email', ${c.email}, 'phone', ${c.phone}) end)
      from ${users}
      left join ${a} on ${a.id} = ${addressId} and ${a.userId} = ${users.id}
      left join ${c} on ${c.userId} = ${users.id}
      where ${users.id} = ${userId}
      limit 1)`,
    read: (value) => {
      const row = value as {
        address: (Omit<Address, 'type'> & { type: string }) | null;
        email: string;
        status: string;
        contact: CheckoutCustomer['contact'];
      } | null;
      return {
        address: row?.address ? toAddress(row.address) : null,
        email: row && row.status !== 'deleted' ? row.email : null,
        contact: row?.contact ?? null,
      };
    },
  };
}

/** The user's addresses, the default first, then newest first. */
export async function listAddresses({ db, userId }: { db: DbOrTx; userId: string }): Promise<Address[]> {
  const rows = await db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

// Address writes of one user queue behind each other, so "one default per user" never races.
async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export type CreateAddressArgs = { db: Db; userId: string; input: AddressData };

/** Adds an address; the user's first address, or one marked default, becomes the only default. */
export async function createAddress({ db, userId, input }: CreateAddressArgs): Promise<Address> {
  return db.transaction((tx) => insertAddress(tx, userId, input));
}

/** Adds an address in the caller's transaction (registration saves the address typed at sign-up this way), by createAddress's rules. */
export async function insertAddress(tx: Tx, userId: string, input: AddressData): Promise<Address> {
  await lockUser(tx, userId);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  const isDefault = input.isDefault || Number(n) === 0;
  if (isDefault)
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  const [row] = await tx
    .insert(addresses)
    .values({ ...input, landmark: input.landmark ?? null, userId, isDefault })
    .returning(columns);
  return toAddress(row);
}

export type AddressRefArgs = { db: Db; userId: string; addressId: string };

/** Deletes one of the user's own addresses; when it was the default, the newest remaining address becomes the default. */
export async function deleteAddress({ db, userId, addressId }: AddressRefArgs): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!removed) throw new AppError('NOT_FOUND', profileMessages.addressNotFound);
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), asc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

/** Makes one of the user's own addresses the default, clearing every other default of the user, in one transaction. */
export async function setDefaultAddress({ db, userId, addressId }: AddressRefArgs): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const target = await getAddress(tx, userId, addressId);
    if (!target) throw new AppError('NOT_FOUND', profileMessages.addressNotFound);
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, addressId)));
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(columns);
    return toAddress(row);
  });
}
