import { eq } from 'drizzle-orm';
import {
  maskAccountNumber,
  payoutMessages as m,
  toPayoutDetails,
  type MyPayoutDetails,
  type PayoutDetails,
  type PayoutDetailsData,
  type PayoutTaxRates,
} from '../../../contracts/payout-details.contract';
import { maskAadhaar } from '../../../domain/aadhaar';
import { todayInIndia } from '../../../domain/age';
import { formatDateTime } from '../../../domain/india-time';
import { gstinState, gstinStateMatches } from '../../../domain/india-ids';
import { GST_STATE_CODES, type IndiaState } from '../../../domain/india-states';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { recordAudit } from '../audit';
import { confirmCurrentPassword, getVendorContact, getVendorRejection } from '../auth';
import { notify } from '../notifications';
import { listVendorShops } from '../shops';
import { vendorPayoutDetails } from './settlement.tables';
import { taxRatesOn } from './settlement.tax-rates';

type Row = typeof vendorPayoutDetails.$inferSelect;
/** What is stored of the details, each field null where the method does not use it. */
type Stored = Pick<
  Row,
  | 'method'
  | 'accountHolderName'
  | 'bankAccountNumber'
  | 'ifsc'
  | 'upiId'
  | 'pan'
  | 'gstin'
  | 'enrolmentNumber'
  | 'tdsExemption'
  | 'aadhaar'
>;
const FIELDS = [
  'method',
  'accountHolderName',
  'bankAccountNumber',
  'ifsc',
  'upiId',
  'pan',
  'gstin',
  'enrolmentNumber',
  'tdsExemption',
  'aadhaar',
] as const;

/** How the owner's email names each changed field (never its value). */
const FIELD_NAMES: Record<(typeof FIELDS)[number], string> = {
  method: 'payout method',
  accountHolderName: 'account holder name',
  bankAccountNumber: 'bank account number',
  ifsc: 'IFSC',
  upiId: 'UPI ID',
  pan: 'PAN',
  gstin: 'GSTIN',
  enrolmentNumber: 'enrolment number',
  tdsExemption: 'TDS exemption',
  aadhaar: 'Aadhaar',
};

const isIndiaState = (state: string): state is IndiaState => Object.hasOwn(GST_STATE_CODES, state);

/** The tax rates in force today (India), for the form's explanations (null for a kind with no row yet). */
async function ratesToday(db: DbOrTx): Promise<PayoutTaxRates> {
  const rates = await taxRatesOn(db, todayInIndia());
  return {
    tdsWithPanBp: rates.tds_with_pan?.rateBp ?? null,
    tdsWithoutPanBp: rates.tds_without_pan?.rateBp ?? null,
    tcsBp: rates.tcs?.rateBp ?? null,
  };
}

/** The 194-O(2) declaration of a vendor ('none' without payout details). */
export async function tdsExemptionOf(db: DbOrTx, vendorUserId: string): Promise<'none' | 'individual' | 'huf'> {
  const row = await detailsOf(db, vendorUserId);
  return (row?.tdsExemption ?? 'none') as 'none' | 'individual' | 'huf';
}

async function detailsOf(db: DbOrTx, vendorUserId: string, lock = false): Promise<Row | null> {
  const query = db.select().from(vendorPayoutDetails).where(eq(vendorPayoutDetails.vendorUserId, vendorUserId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The signed-in vendor's own payout details (account number masked; null until it saves some) and the tax rates they decide. */
export async function getMyPayoutDetails(db: Db, vendorUserId: string): Promise<MyPayoutDetails> {
  const [row, rates] = await Promise.all([detailsOf(db, vendorUserId), ratesToday(db)]);
  return { details: row ? toPayoutDetails(row) : null, rates };
}

/** The chosen method's fields, the other method's null; blank PAN, GSTIN and enrolment number null. */
function storedOf(input: PayoutDetailsData): Stored {
  const bank = input.method === 'bank';
  return {
    method: input.method,
    accountHolderName: bank ? input.accountHolderName : null,
    bankAccountNumber: bank ? input.bankAccountNumber : null,
    ifsc: bank ? input.ifsc : null,
    upiId: bank ? null : input.upiId,
    pan: input.pan || null,
    gstin: input.gstin || null,
    tdsExemption: input.tdsExemption,
    // An Aadhaar number is kept only with the declaration it was given for.
    aadhaar: input.tdsExemption === 'individual' ? input.aadhaar || null : null,
    enrolmentNumber: input.enrolmentNumber || null,
  };
}

/** A GSTIN must be of the state of each of the vendor's shops that has a state (400 naming the first that is not). */
async function checkGstinState(tx: Tx, vendorUserId: string, gstin: string): Promise<void> {
  const registeredIn = gstinState(gstin) ?? gstin.slice(0, 2);
  for (const shop of await listVendorShops(tx, vendorUserId)) {
    if (!shop.state || !isIndiaState(shop.state) || gstinStateMatches(gstin, shop.state)) continue;
    const message = m.gstinShopState(registeredIn, shop.shopName, shop.state);
    throw new AppError('VALIDATION_FAILED', message, { gstin: message });
  }
}

/** The audit entry's view of the details: the account number masked, never in full. */
const auditView = (s: Stored) => ({
  method: s.method,
  accountHolderName: s.accountHolderName,
  bankAccount: s.bankAccountNumber === null ? null : maskAccountNumber(s.bankAccountNumber),
  ifsc: s.ifsc,
  upiId: s.upiId,
  pan: s.pan,
  gstin: s.gstin,
  tdsExemption: s.tdsExemption,
  aadhaar: s.aadhaar === null ? null : maskAadhaar(s.aadhaar),
  enrolmentNumber: s.enrolmentNumber,
});

export type SavePayoutDetailsArgs = {
  db: Db;
  vendorUserId: string;
  input: PayoutDetailsData;
  /** Where the change came from, for the audit entry. */
  origin: { ip: string; userAgent: string | null };
};

/**
 * Saves the vendor's payout details (replacing what was saved) after checking its current password,
 * its approval and that a GSTIN is of its shops' states; each change writes an audit entry for the
 * super admin (which fields changed, the account number masked) in the same transaction.
 */
export async function savePayoutDetails({
  db,
  vendorUserId,
  input,
  origin,
}: SavePayoutDetailsArgs): Promise<{ details: PayoutDetails; message: string }> {
  return db.transaction(async (tx) => {
    // The user's row is locked first, as every password-confirmed change does.
    await confirmCurrentPassword(tx, vendorUserId, input.currentPassword);
    if ((await getVendorRejection(tx, vendorUserId)) !== null) throw new AppError('FORBIDDEN', m.notApproved);
    const next = storedOf(input);
    if (next.gstin) await checkGstinState(tx, vendorUserId, next.gstin);

    const before = await detailsOf(tx, vendorUserId, true);
    // Before any details, the exemption stands undeclared.
    const changed = FIELDS.filter((f) => (before?.[f] ?? (f === 'tdsExemption' ? 'none' : null)) !== next[f]);
    if (before && changed.length === 0) return { details: toPayoutDetails(before), message: m.unchanged };

    const [row] = await tx
      .insert(vendorPayoutDetails)
      .values({ vendorUserId, ...next })
      .onConflictDoUpdate({ target: vendorPayoutDetails.vendorUserId, set: { ...next, updatedAt: new Date() } })
      .returning();
    const vendor = await getVendorContact(tx, vendorUserId);
    await recordAudit(tx, {
      actorType: 'vendor',
      actorId: vendorUserId,
      action: 'vendor.payout_details_changed',
      resourceType: 'vendor',
      resourceId: vendorUserId,
      newData: {
        email: vendor?.email,
        businessName: vendor?.businessName,
        changed,
        ...auditView(next),
        ...(before ? { before: auditView(before) } : {}),
      },
      origin: 'vendor_profile',
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
    });
    // Security: the owner is told of every change, whatever its email preferences.
    await notify(tx, {
      kind: 'vendor-payout-details-changed',
      to: { userId: vendorUserId },
      data: {
        businessName: vendor?.businessName ?? 'Your business',
        when: formatDateTime(new Date()),
        changed: changed.map((f) => FIELD_NAMES[f]).join(', '),
      },
    });
    return { details: toPayoutDetails(row), message: m.saved };
  });
}
