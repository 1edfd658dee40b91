import type { AdminPayout } from '../../../contracts/payouts.contract';
import { todayInIndia } from '../../../domain/age';
import type { DbOrTx } from '../../platform/db';
import { cancelVendorPayout, createVendorPayout, getAdminPayout, markVendorPayoutPaid } from '../settlement';
import type { SensitiveTx } from './admin.step-up';

// The Payouts tab (issue 22, point 6): settle, mark paid and cancel, each with a fresh code and
// audited; the settlement module owns the payouts, the ledger and their rules (settlement.payouts.ts).

type ActionArgs = { db: DbOrTx; sensitiveTx: SensitiveTx };

/** Settles a vendor up to a day (India): a created payout whose amount leaves payable at once; audited as payout_created. */
export async function settleAdminPayout({ db, sensitiveTx, vendorUserId, upTo }: ActionArgs & { vendorUserId: string; upTo: string }): Promise<AdminPayout> {
  const created = await sensitiveTx(async (tx, admin) => {
    const payout = await createVendorPayout(tx, { vendorUserId, upTo, today: todayInIndia(), adminId: admin.id });
    const newData = { vendorUserId, amountPaise: payout.amountPaise, periodFrom: payout.periodFrom, periodTo: payout.periodTo, method: payout.method };
    return { result: payout, audit: { action: 'payout_created', resourceType: 'payout', resourceId: payout.id, newData } };
  });
  return getAdminPayout(db, created.id);
}

/** Marks a created payout paid with the bank UTR or UPI reference, once; audited as payout_paid. */
export async function payAdminPayout({ db, sensitiveTx, payoutId, reference }: ActionArgs & { payoutId: string; reference: string }): Promise<AdminPayout> {
  await sensitiveTx(async (tx, admin) => {
    const paid = await markVendorPayoutPaid(tx, { payoutId, reference, today: todayInIndia(), adminId: admin.id });
    const newData = { vendorUserId: paid.vendorUserId, amountPaise: paid.amountPaise, reference, paidAt: paid.paidAt };
    return { result: paid, audit: { action: 'payout_paid', resourceType: 'payout', resourceId: payoutId, newData } };
  });
  return getAdminPayout(db, payoutId);
}

/** Cancels a created payout: its amount is payable again; audited as payout_cancelled. */
export async function cancelAdminPayout({ db, sensitiveTx, payoutId }: ActionArgs & { payoutId: string }): Promise<AdminPayout> {
  await sensitiveTx(async (tx) => {
    const cancelled = await cancelVendorPayout(tx, { payoutId });
    return { result: cancelled, audit: { action: 'payout_cancelled', resourceType: 'payout', resourceId: payoutId, newData: { vendorUserId: cancelled.vendorUserId, amountPaise: cancelled.amountPaise } } };
  });
  return getAdminPayout(db, payoutId);
}
