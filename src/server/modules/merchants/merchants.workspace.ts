import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  merchantMessages as m,
  type CashbackStatus,
  type MerchantDashboard,
  type MerchantPayment,
  type MerchantPaymentPage,
  type MerchantProfile,
  type MerchantProfileUpdate,
  type RecordPaymentData,
  unverifiedCashbackCapMessage,
} from '../../../contracts/merchant.contract';
import { cashbackPoints } from '../../../domain/cashback';
import { maskName } from '../../../domain/mask';
import { pointsToPaise } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import { queryRows, type Db, type DbOrTx, type OwnPageArgs, type Tx } from '../../platform/db';
import { customerRows, findCustomersByContact, profileRows } from '../auth';
import { pendingRowOutcome, recordPendingCashback } from '../rewards';
import { businessColumns } from './merchants.service';
import { merchants, merchantTransactions } from './merchants.tables';

// Where the payment's cashback row stands: ended by a 'voided' or 'released' row pointing at it, or still pending.
const cashbackStatus = sql<CashbackStatus>`case
  when ${merchantTransactions.ledgerTransactionId} is null then 'none'
  else ${pendingRowOutcome(merchantTransactions.ledgerTransactionId)} end`;

const profileColumns = {
  id: merchants.id,
  businessName: merchants.businessName,
  email: merchants.email,
  mobileNumber: merchants.mobileNumber,
  whatsappNumber: merchants.whatsappNumber,
  website: merchants.website,
  upiId: merchants.upiId,
  cashbackPercentage: merchants.cashbackPercentage,
  isVerified: merchants.isVerified,
  unverifiedAt: merchants.unverifiedAt,
  cashbackVoidedPoints: merchants.cashbackVoidedPoints,
  referralCode: merchants.referralCode,
};

/** The merchant's profile; `lock` holds its row for the rest of the caller's transaction (FOR UPDATE). */
async function merchantOf(db: DbOrTx, userId: string, o: { lock?: boolean } = {}) {
  const query = db.select(profileColumns).from(merchants).where(eq(merchants.userId, userId)).limit(1);
  const [row] = o.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', m.notMerchant);
  return row;
}

const toProfile = ({
  id: _id,
  unverifiedAt,
  cashbackVoidedPoints,
  ...p
}: Awaited<ReturnType<typeof merchantOf>>): MerchantProfile => ({
  ...p,
  cashbackPercentage: Number(p.cashbackPercentage),
  unverifiedAt: unverifiedAt?.toISOString() ?? null,
  cashbackVoidedPaise: cashbackVoidedPoints === null ? null : pointsToPaise(cashbackVoidedPoints),
});

/** The merchant's dashboard: profile, verification, and the totals of the payments it recorded. */
export async function getMerchantDashboard({
  db,
  userId,
  returnWindowDays,
}: {
  db: Db;
  userId: string;
  returnWindowDays: number;
}): Promise<MerchantDashboard> {
  const merchant = await merchantOf(db, userId);
  const [totals] = await queryRows<{ payments: number; volume: string; given: string; pending: string }>(
    db,
    sql`select count(*)::int as payments, coalesce(sum(t.amount), 0)::bigint as volume,
               coalesce(sum(t.points) filter (where t.status in ('pending', 'available')), 0)::bigint as given,
               coalesce(sum(t.points) filter (where t.status = 'pending'), 0)::bigint as pending
        from (select ${merchantTransactions.transactionAmountPaise} as amount, ${merchantTransactions.cashbackPoints} as points, ${cashbackStatus} as status
              from ${merchantTransactions} where ${merchantTransactions.merchantId} = ${merchant.id}) t`,
  );
  return {
    profile: toProfile(merchant),
    totals: {
      payments: Number(totals.payments),
      volumePaise: Number(totals.volume),
      cashbackPoints: Number(totals.given),
      pendingCashbackPoints: Number(totals.pending),
    },
    returnWindowDays,
  };
}

const paymentColumns = {
  id: merchantTransactions.id,
  customerName: customerRows.fullName,
  phone: profileRows.phoneNumber,
  amountPaise: merchantTransactions.transactionAmountPaise,
  cashbackPoints: merchantTransactions.cashbackPoints,
  cashbackStatus,
  upiReference: merchantTransactions.upiReference,
  paidOn: merchantTransactions.paidOn,
  createdAt: merchantTransactions.createdAt,
};

function selectPayments(db: DbOrTx) {
  return db
    .select(paymentColumns)
    .from(merchantTransactions)
    .leftJoin(customerRows, eq(customerRows.userId, merchantTransactions.customerUserId))
    .leftJoin(profileRows, eq(profileRows.userId, merchantTransactions.customerUserId));
}

// The merchant sees who paid only as initials and the last 4 digits of the phone.
const toPayment = (r: Awaited<ReturnType<typeof selectPayments>>[number]): MerchantPayment => {
  const digits = (r.phone ?? '').replace(/\D/g, '');
  return {
    id: r.id,
    customerName: maskName(r.customerName ?? 'Customer'),
    customerPhoneLast4: digits.length >= 4 ? digits.slice(-4) : null,
    amountPaise: Number(r.amountPaise),
    cashbackPoints: r.cashbackPoints,
    cashbackStatus: r.cashbackStatus,
    upiReference: r.upiReference,
    paidOn: r.paidOn ?? r.createdAt.toISOString().slice(0, 10),
    createdAt: r.createdAt.toISOString(),
  };
};

/** The payments the merchant recorded, newest first, the customer masked. */
export async function listMerchantPayments({ db, userId, page, pageSize }: OwnPageArgs): Promise<MerchantPaymentPage> {
  const merchant = await merchantOf(db, userId);
  const mine = eq(merchantTransactions.merchantId, merchant.id);
  const [rows, [{ total }]] = await Promise.all([
    selectPayments(db)
      .where(mine)
      .orderBy(desc(merchantTransactions.createdAt), desc(merchantTransactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(merchantTransactions).where(mine),
  ]);
  return { items: rows.map(toPayment), total: Number(total), page, pageSize };
}

/**
 * Records a UPI payment the merchant received: finds the customer, refuses a UPI reference the
 * merchant already recorded (409), and writes the payment and the customer's pending cashback
 * (floor of amount x percentage / 100 points) in one transaction.
 */
export async function recordMerchantPayment({
  db,
  userId,
  input,
  limits,
}: {
  db: Db;
  userId: string;
  input: RecordPaymentData;
  limits: CashbackLimits;
}): Promise<MerchantPayment> {
  const id = await db.transaction((tx) => writeMerchantPayment(tx, userId, input, limits));
  const [row] = await selectPayments(db).where(eq(merchantTransactions.id, id));
  return toPayment(row);
}

/** How much pending cashback an unverified merchant's recorded payments may create per day (India's calendar day). */
export type CashbackLimits = { unverifiedDailyCashbackPoints: number };

/**
 * The writes of recordMerchantPayment, inside the caller's transaction (the demo data uses it too);
 * answers the payment's id. The merchant's row is locked first, so that two payments recorded at
 * once are counted one after the other against the daily cap of an unverified merchant. A UPI
 * reference is recorded once across all merchants (a unique index decides between two at once).
 */
export async function writeMerchantPayment(
  tx: Tx,
  userId: string,
  input: RecordPaymentData,
  limits: CashbackLimits,
): Promise<string> {
  const merchant = await merchantOf(tx, userId, { lock: true });
  const found = await findCustomersByContact(tx, input.customer);
  if (found.length === 0) throw new AppError('NOT_FOUND', m.customerNotFound, { customer: m.customerNotFound });
  if (found.length > 1) throw new AppError('VALIDATION_FAILED', m.customerAmbiguous, { customer: m.customerAmbiguous });
  const customer = found[0];
  const points = cashbackPoints(input.amount, Number(merchant.cashbackPercentage));
  if (!merchant.isVerified && points > 0) {
    const [today] = await queryRows<{ points: number }>(
      tx,
      sql`select coalesce(sum(${merchantTransactions.cashbackPoints}), 0)::int as points from ${merchantTransactions}
          where ${merchantTransactions.merchantId} = ${merchant.id}
            and ${merchantTransactions.createdAt} >= (date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`,
    );
    const cap = limits.unverifiedDailyCashbackPoints;
    if (Number(today.points) + points > cap) {
      const message = unverifiedCashbackCapMessage(cap, Math.max(0, cap - Number(today.points)));
      throw new AppError('CONFLICT', message, { amount: message });
    }
  }
  const [payment] = await tx
    .insert(merchantTransactions)
    .values({
      merchantId: merchant.id,
      customerUserId: customer.userId,
      customerContact: input.customer.value,
      transactionAmountPaise: input.amount,
      cashbackAmountPaise: pointsToPaise(points),
      cashbackPoints: points,
      upiReference: input.upiReference,
      paidOn: input.paidOn,
      recordedWhileVerified: merchant.isVerified,
    })
    .onConflictDoNothing()
    .returning({ id: merchantTransactions.id });
  if (!payment) {
    const [own] = await tx
      .select({ id: merchantTransactions.id })
      .from(merchantTransactions)
      .where(
        and(
          eq(merchantTransactions.merchantId, merchant.id),
          eq(merchantTransactions.upiReference, input.upiReference),
        ),
      );
    const message = own ? m.referenceDuplicate : m.referenceTaken;
    throw new AppError('CONFLICT', message, { upiReference: message });
  }
  if (points > 0) {
    const ledgerId = await recordPendingCashback(tx, {
      customerUserId: customer.userId,
      points,
      description: `Cashback from ${merchant.businessName}`,
    });
    await tx
      .update(merchantTransactions)
      .set({ ledgerTransactionId: ledgerId })
      .where(eq(merchantTransactions.id, payment.id));
  }
  return payment.id;
}

/** The merchant's profile as its dashboard shows it; 404 'Merchant profile not found' for a user who is no merchant. */
export async function getMerchantProfile(db: DbOrTx, userId: string): Promise<MerchantProfile> {
  return toProfile(await merchantOf(db, userId));
}

/** Saves the merchant's business details (the owner's form and the super admin's edit, in its transaction); a new cashback percentage applies to payments recorded afterwards. */
export async function updateMerchantProfile({
  db,
  userId,
  input,
}: {
  db: DbOrTx;
  userId: string;
  input: MerchantProfileUpdate;
}): Promise<MerchantProfile> {
  const [row] = await db
    .update(merchants)
    .set({ ...businessColumns(input), updatedAt: new Date() })
    .where(eq(merchants.userId, userId))
    .returning(profileColumns);
  if (!row) throw new AppError('NOT_FOUND', m.notMerchant);
  return toProfile(row);
}
