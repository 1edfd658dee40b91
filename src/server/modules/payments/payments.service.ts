import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GatewayName } from '../../../contracts/checkout.contract';
import { checkoutMessages } from '../../../contracts/checkout.contract';
import { AppError } from '../../platform/app-error';
import { testGatewayAllowed, type Config } from '../../platform/config';
import {
  composedWrites,
  queryRows,
  readColumn,
  type DbOrTx,
  type JsonColumn,
  type NamedWrite,
  type Tx,
} from '../../platform/db';
import { decrypt, derivedKey, encrypt } from '../../platform/secrets';
import { razorpayAcceptsKeys, RazorpayGateway, TestGateway, type PaymentGateway } from './payments.gateway';
import { paymentGatewaySettings, payments } from './payments.tables';

type SecretConfig = Pick<Config, 'APP_SECRET' | 'DATA_DIR' | 'RAZORPAY_API_BASE'>;
/** What choosing a gateway needs: the secrets, and whether the test gateway may be used (testGatewayAllowed). */
type GatewayConfig = SecretConfig & Pick<Config, 'NODE_ENV' | 'PAYMENTS_TEST_MODE'>;

export type Payment = typeof payments.$inferSelect;

export type GatewaySettingsInput = {
  keyId: string | null;
  keySecret?: string | null;
  webhookSecret?: string | null;
  isEnabled: boolean;
};
export type GatewaySettingsView = {
  provider: string;
  keyId: string | null;
  isEnabled: boolean;
  hasKeySecret: boolean;
  hasWebhookSecret: boolean;
};

/** Saves the Razorpay settings; secrets are encrypted at rest, and an omitted secret keeps the stored one. */
export async function saveGatewaySettings(
  db: DbOrTx,
  config: SecretConfig,
  input: GatewaySettingsInput,
): Promise<GatewaySettingsView> {
  const values: Partial<typeof paymentGatewaySettings.$inferInsert> = {
    keyId: input.keyId?.trim() || null,
    isEnabled: input.isEnabled,
    updatedAt: new Date(),
  };
  if (input.keySecret !== undefined)
    values.keySecretEncrypted = input.keySecret ? encrypt(config, input.keySecret) : null;
  if (input.webhookSecret !== undefined)
    values.webhookSecretEncrypted = input.webhookSecret ? encrypt(config, input.webhookSecret) : null;
  await db
    .insert(paymentGatewaySettings)
    .values({ id: 1, provider: 'razorpay', ...values })
    .onConflictDoUpdate({ target: paymentGatewaySettings.id, set: values });
  keptSettings = new WeakMap();
  return getGatewaySettings(db);
}

/** The gateway settings without their secrets (they never leave the server). */
export async function getGatewaySettings(db: DbOrTx): Promise<GatewaySettingsView> {
  const [row] = await db.select().from(paymentGatewaySettings).where(eq(paymentGatewaySettings.id, 1));
  return {
    provider: row?.provider ?? 'razorpay',
    keyId: row?.keyId ?? null,
    isEnabled: row?.isEnabled ?? false,
    hasKeySecret: Boolean(row?.keySecretEncrypted),
    hasWebhookSecret: Boolean(row?.webhookSecretEncrypted),
  };
}

const notConfigured = () => new AppError('UNAVAILABLE', checkoutMessages.gatewayNotConfigured);

function openSecret(config: SecretConfig, stored: string | null): string | null {
  if (!stored) return null;
  try {
    return decrypt(config, stored);
  } catch {
    // Stored under another APP_SECRET: unusable until an admin saves the secret again.
    return null;
  }
}

/**
 * How long a process keeps the gateway settings row it read (per database), so that a checkout and
 * its payment do not read it each time. Saving the settings forgets it at once in the process that
 * saved; another process (several may run) sees the change within this time.
 */
export const GATEWAY_SETTINGS_KEPT_MS = 10_000;

type SettingsRow = typeof paymentGatewaySettings.$inferSelect;
let keptSettings = new WeakMap<DbOrTx, { at: number; row: Promise<SettingsRow | undefined> }>();

/** The settings row, as read within GATEWAY_SETTINGS_KEPT_MS (a failed read is not kept). */
function settingsRow(db: DbOrTx): Promise<SettingsRow | undefined> {
  const kept = keptSettings.get(db);
  if (kept && Date.now() - kept.at < GATEWAY_SETTINGS_KEPT_MS) return kept.row;
  const entry = {
    at: Date.now(),
    row: db
      .select()
      .from(paymentGatewaySettings)
      .where(eq(paymentGatewaySettings.id, 1))
      .then(([row]) => row),
  };
  const map = keptSettings;
  map.set(db, entry);
  entry.row.catch(() => {
    if (map.get(db) === entry) map.delete(db);
  });
  return entry.row;
}

/** The Razorpay gateway when its settings row is enabled; null when it is not enabled; throws when enabled but incomplete. */
export async function razorpayGateway(db: DbOrTx, config: SecretConfig): Promise<RazorpayGateway | null> {
  const row = await settingsRow(db);
  if (!row?.isEnabled) return null;
  const keySecret = openSecret(config, row.keySecretEncrypted);
  if (!row.keyId || !keySecret) throw notConfigured();
  return new RazorpayGateway({
    apiBase: config.RAZORPAY_API_BASE,
    keyId: row.keyId,
    keySecret,
    webhookSecret: openSecret(config, row.webhookSecretEncrypted),
  });
}

/**
 * The gateway that pays vendor payouts as Razorpay Route transfers: Razorpay when RAZORPAY_ROUTE is
 * on and its keys are enabled in Settings; null when Route is off (then payouts are paid by hand).
 * Throws UNAVAILABLE when Razorpay is enabled without a usable key secret.
 */
export async function routeGateway(
  db: DbOrTx,
  config: SecretConfig & Pick<Config, 'RAZORPAY_ROUTE'>,
): Promise<RazorpayGateway | null> {
  if (!config.RAZORPAY_ROUTE) return null;
  return razorpayGateway(db, config);
}

/** The built-in test gateway, signing with a per-install secret derived from the master key. */
export function testGateway(config: SecretConfig): TestGateway {
  return new TestGateway(derivedKey(config, 'test-gateway'));
}

/** Neither Razorpay nor (in production without PAYMENTS_TEST_MODE) the test gateway: 503. */
const paymentsOff = () => new AppError('UNAVAILABLE', checkoutMessages.paymentsNotConfigured);

/**
 * The gateway new checkouts use: Razorpay when it is enabled and configured, else the test gateway
 * where it is allowed; otherwise 503 'Payments are not configured yet', and nothing is charged.
 */
export async function activeGateway(db: DbOrTx, config: GatewayConfig): Promise<PaymentGateway> {
  const rp = await razorpayGateway(db, config);
  if (rp) return rp;
  if (!testGatewayAllowed(config)) throw paymentsOff();
  return testGateway(config);
}

/** Which gateway checkout would use now ('none' when payments are off), for the checkout panel; never throws. */
export async function activeGatewayName(db: DbOrTx, config: GatewayConfig): Promise<GatewayName | 'none'> {
  try {
    return (await activeGateway(db, config)).name;
  } catch {
    return 'none';
  }
}

/** The gateway that verifies a payment made through `name`. */
export async function gatewayNamed(db: DbOrTx, config: GatewayConfig, name: GatewayName): Promise<PaymentGateway> {
  if (name === 'test') {
    // A test order started before the test gateway was switched off is never confirmed by it.
    if (!testGatewayAllowed(config)) throw paymentsOff();
    return testGateway(config);
  }
  const rp = await razorpayGateway(db, config);
  if (!rp) throw notConfigured();
  return rp;
}

export type NewPayment = {
  id: string;
  customerUserId: string;
  gateway: GatewayName;
  providerOrderId: string;
  amountPaise: number;
  checkout: unknown;
};

/**
 * createPayment as a step of a caller's one statement (`payment_row`), written only when `when` (an
 * SQL condition on the statement's earlier steps) holds: a payment is recorded with what it pays for.
 */
export function createPaymentStep(p: NewPayment, when: SQL): NamedWrite {
  return {
    name: 'payment_row',
    counted: true,
    body: sql`insert into ${payments} (id, customer_id, gateway, provider_order_id, amount_paise, currency, checkout)
      select ${p.id}::uuid, ${p.customerUserId}::uuid, ${p.gateway}::text, ${p.providerOrderId}::text,
        ${p.amountPaise}::bigint, 'INR', ${JSON.stringify(p.checkout)}::jsonb
      where ${when}
      returning id`,
  };
}

/** Records a payment attempt (status created) with a snapshot of what is being bought. */
export async function createPayment(db: DbOrTx, p: NewPayment): Promise<Payment> {
  const [row] = await db
    .insert(payments)
    .values({
      id: p.id,
      customerId: p.customerUserId,
      gateway: p.gateway,
      providerOrderId: p.providerOrderId,
      amountPaise: p.amountPaise,
      currency: 'INR',
      checkout: p.checkout,
    })
    .returning();
  return row;
}

/**
 * The confirmation's first step, in one statement: locks the payment for the rest of the transaction
 * and, when it can still become an order (it is not paid with one already, nor recorded for refund),
 * marks it paid with `orderId` and the provider's payment id. Answers the payment as it was before and
 * whether it was marked; null when there is no such payment. When the order is not placed after all,
 * the caller's transaction rolls the mark back with it. `whenClaimed`: other modules' steps of the
 * same statement, given SQL for the claimed payment's customer (null when not claimed) and for whether
 * it was claimed; the counted ones run after the claim, in their order, and their rows are counted in
 * `counts`.
 */
export async function claimPayment(
  tx: Tx,
  a: {
    paymentId: string;
    orderId: string;
    providerPaymentId: string;
    whenClaimed?: (claim: { customerUserId: SQL; claimed: SQL }) => readonly NamedWrite[];
  },
): Promise<{ payment: Payment; claimed: boolean; counts: Record<string, number> } | null> {
  const p = payments;
  const steps =
    a.whenClaimed?.({
      customerUserId: sql`(select claimed.customer_id from claimed)`,
      claimed: sql`exists (select 1 from claimed)`,
    }) ?? [];
  const more = composedWrites(steps, ['before', 'claimed']);
  const [row] = await queryRows<
    Omit<Payment, 'amountPaise'> & { amountPaise: number | string; claimed: boolean; counts: unknown }
  >(
    tx,
    sql`with before as (select * from ${p} where ${p.id} = ${a.paymentId} for update),
      claimed as (
        update ${p} set status = 'paid', order_id = ${a.orderId}, provider_payment_id = ${a.providerPaymentId},
          failure_reason = null, updated_at = now()
        from before
        where ${p.id} = before.id
          and not ((before.status = 'paid' and before.order_id is not null)
            or (before.status = 'failed' and before.provider_payment_id is not null))
        returning ${p.id}, ${p.customerId})${more.ctes ? sql`, ${more.ctes}` : sql``}
      select before.id, before.customer_id as "customerId", before.gateway,
        before.provider_order_id as "providerOrderId", before.provider_payment_id as "providerPaymentId",
        before.amount_paise as "amountPaise", before.currency, before.status, before.checkout,
        before.order_id as "orderId", before.failure_reason as "failureReason",
        before.created_at as "createdAt", before.updated_at as "updatedAt",
        exists (select 1 from claimed) as claimed, ${more.counts} as counts
      from before`,
  );
  if (!row) return null;
  const { claimed, counts, ...payment } = row;
  return {
    payment: {
      ...payment,
      amountPaise: Number(payment.amountPaise),
      createdAt: new Date(payment.createdAt),
      updatedAt: new Date(payment.updatedAt),
    },
    claimed,
    counts: more.countsOf(counts),
  };
}

/** Locks a payment row for the rest of the transaction (so two confirmations of it run one after the other). */
export async function lockPayment(tx: Tx, paymentId: string): Promise<Payment | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/** A customer's own payment; NOT_FOUND for anyone else's. */
export async function getPayment(db: DbOrTx, a: { paymentId: string; customerUserId: string }): Promise<Payment> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, a.paymentId), eq(payments.customerId, a.customerUserId)));
  if (!row) throw new AppError('NOT_FOUND', checkoutMessages.paymentNotFound);
  return row;
}

/** The ids of a customer's payments that are still waiting to be paid (status created). */
export async function listOpenPaymentIds(db: DbOrTx, customerUserId: string): Promise<string[]> {
  return readColumn(db, openPaymentIdsColumn(customerUserId));
}

/** listOpenPaymentIds as a column of a caller's read (a json scalar subquery): the same ids. */
export function openPaymentIdsColumn(customerUserId: string): JsonColumn<string[]> {
  return {
    sql: sql`coalesce((select json_agg(${payments.id}) from ${payments}
                       where ${payments.customerId} = ${customerUserId} and ${payments.status} = 'created'), '[]')`,
    read: (value) => value as string[],
  };
}

/** The payment of a provider order, or null. */
export async function findPaymentByProviderOrder(
  db: DbOrTx,
  gateway: GatewayName,
  providerOrderId: string,
): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.providerOrderId, providerOrderId)));
  return row ?? null;
}

/**
 * Marks a payment failed with the reason shown to the customer. With a provider payment id it
 * means money was taken but no order was placed: the payment is due for a refund.
 */
export async function markPaymentFailed(
  db: DbOrTx,
  a: { paymentId: string; reason: string; providerPaymentId?: string },
): Promise<void> {
  await db
    .update(payments)
    .set({
      status: 'failed',
      failureReason: a.reason,
      ...(a.providerPaymentId ? { providerPaymentId: a.providerPaymentId } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, a.paymentId), sql`${payments.status} <> 'paid'`));
}

/** True when a payment took money that must be given back (it failed after the provider captured it). */
export const isRefundDue = (p: Payment): boolean => p.status === 'failed' && p.providerPaymentId !== null;

/** The connection test of the settings form: the typed key id and secret, or the stored ones where left blank; false when neither is there. */
export async function testGatewayKeys(
  db: DbOrTx,
  config: SecretConfig,
  typed: { keyId?: string; keySecret?: string },
): Promise<boolean> {
  const [row] = await db.select().from(paymentGatewaySettings).where(eq(paymentGatewaySettings.id, 1));
  const keyId = typed.keyId || row?.keyId;
  const keySecret = typed.keySecret || openSecret(config, row?.keySecretEncrypted ?? null);
  if (!keyId || !keySecret) return false;
  return razorpayAcceptsKeys({ apiBase: config.RAZORPAY_API_BASE, keyId, keySecret });
}

export const testPaymentsWarning =
  'Payments: the built-in test gateway is taking checkouts in production (PAYMENTS_TEST_MODE=true). No money moves and every order is marked as a test payment. Enable Razorpay in the admin Settings, and unset PAYMENTS_TEST_MODE unless this is deliberate.';

export const noGatewayWarning =
  "Payments: no payment gateway is configured. Checkout refuses every payment ('Payments are not configured yet') until the super admin enables Razorpay in the admin Settings (or PAYMENTS_TEST_MODE=true lets the built-in test gateway take orders; no money moves).";

/**
 * At start, in production: a warning in the log when checkout would take payments through the test
 * gateway, or through no gateway at all. Answers which warning it gave (null: Razorpay, or not production).
 */
export async function warnAboutPayments(a: {
  db: DbOrTx;
  config: GatewayConfig;
  log: { warn: (msg: string) => void };
}): Promise<'test-gateway' | 'no-gateway' | null> {
  if (a.config.NODE_ENV !== 'production') return null;
  const name = await activeGatewayName(a.db, a.config);
  if (name === 'razorpay') return null;
  a.log.warn(name === 'test' ? testPaymentsWarning : noGatewayWarning);
  return name === 'test' ? 'test-gateway' : 'no-gateway';
}

/** SQL, true when the user made payments: history an account's deletion keeps. */
export const paymentsHistoryOf = (userId: string): SQL =>
  sql`exists (select 1 from payments where customer_id = ${userId})`;
