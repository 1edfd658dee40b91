import {
  adminPayoutMessages as m,
  payoutReferenceProblem,
  type AdminPayout,
  type PayoutRoute,
  type RouteAccount,
} from '../../../contracts/payouts.contract';
import { todayInIndia } from '../../../domain/age';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { routeGateway, TransferOutcomeUnknownError, TransferUnclearError, type Transfer } from '../payments';
import {
  abandonPayoutTransfer,
  cancelVendorPayout,
  createVendorPayout,
  finishPayoutTransfer,
  getAdminPayout,
  markVendorPayoutPaid,
  setVendorRouteAccount,
  startPayoutTransfer,
} from '../settlement';
import { secondPersonGate } from './admin.money-out';
import type { FollowUpTx, SensitiveTx } from './admin.step-up';

// The Payouts tab: settle, mark paid and cancel, each with a fresh code and
// audited; the settlement module owns the payouts, the ledger and their rules (settlement.payouts.ts).

type ActionArgs = { db: DbOrTx; sensitiveTx: SensitiveTx };

/** Settles a vendor up to a day (India): a created payout whose amount leaves payable at once; audited as payout_created. */
export async function settleAdminPayout({
  db,
  sensitiveTx,
  vendorUserId,
  upTo,
}: ActionArgs & { vendorUserId: string; upTo: string }): Promise<AdminPayout> {
  const created = await sensitiveTx(async (tx, admin) => {
    const payout = await createVendorPayout(tx, { vendorUserId, upTo, today: todayInIndia(), adminId: admin.id });
    const newData = {
      vendorUserId,
      amountPaise: payout.amountPaise,
      periodFrom: payout.periodFrom,
      periodTo: payout.periodTo,
      method: payout.method,
    };
    return {
      result: payout,
      audit: { action: 'payout_created', resourceType: 'payout', resourceId: payout.id, newData },
    };
  });
  return getAdminPayout(db, created.id);
}

/** Marks a created payout paid with the bank UTR or UPI reference, once; audited as payout_paid. */
export async function payAdminPayout({
  db,
  sensitiveTx,
  payoutId,
  reference,
}: ActionArgs & { payoutId: string; reference: string }): Promise<AdminPayout & { prepared: boolean }> {
  const done = await sensitiveTx(async (tx, admin) => {
    const { amountPaise, vendorUserId, status, method } = await getAdminPayout(tx, payoutId);
    // What paying would refuse is refused at the preparing click too.
    if (status === 'paid') throw new AppError('CONFLICT', m.alreadyPaid);
    if (status === 'cancelled') throw new AppError('CONFLICT', m.alreadyCancelled);
    const problem = payoutReferenceProblem(method, reference, status === 'transferring');
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { reference: problem });
    const gate = await secondPersonGate(tx, admin, { kind: 'payout', resourceId: payoutId, amountPaise, reference });
    if (gate.outcome === 'prepared') {
      const newData = { vendorUserId, amountPaise, reference };
      return {
        result: { prepared: true },
        audit: { action: 'payout_prepared', resourceType: 'payout', resourceId: payoutId, newData },
      };
    }
    const used = gate.reference ?? reference;
    const paid = await markVendorPayoutPaid(tx, {
      payoutId,
      reference: used,
      today: todayInIndia(),
      adminId: admin.id,
    });
    const newData = { vendorUserId, amountPaise: paid.amountPaise, reference: used, paidAt: paid.paidAt };
    return {
      result: { prepared: false },
      audit: { action: 'payout_paid', resourceType: 'payout', resourceId: payoutId, newData },
    };
  });
  return { ...(await getAdminPayout(db, payoutId)), ...done };
}

/** Cancels a created payout: its amount is payable again; audited as payout_cancelled. */
export async function cancelAdminPayout({
  db,
  sensitiveTx,
  payoutId,
}: ActionArgs & { payoutId: string }): Promise<AdminPayout> {
  await sensitiveTx(async (tx) => {
    const cancelled = await cancelVendorPayout(tx, { payoutId });
    return {
      result: cancelled,
      audit: {
        action: 'payout_cancelled',
        resourceType: 'payout',
        resourceId: payoutId,
        newData: { vendorUserId: cancelled.vendorUserId, amountPaise: cancelled.amountPaise },
      },
    };
  });
  return getAdminPayout(db, payoutId);
}

type RouteConfig = Parameters<typeof routeGateway>[1];

/** Whether payouts can be paid as Razorpay Route transfers now (RAZORPAY_ROUTE on and the Razorpay keys enabled and usable). */
export async function payoutRouteStatus({ db, config }: { db: DbOrTx; config: RouteConfig }): Promise<PayoutRoute> {
  try {
    return { enabled: (await routeGateway(db, config)) !== null };
  } catch {
    return { enabled: false };
  }
}

/** Sets a vendor's Razorpay Route linked account (acc_…); audited as vendor_route_account_set. */
export async function setAdminVendorRouteAccount({
  sensitiveTx,
  vendorUserId,
  accountId,
}: {
  sensitiveTx: SensitiveTx;
  vendorUserId: string;
  accountId: string;
}): Promise<RouteAccount> {
  return sensitiveTx(async (tx, admin) => {
    const { previous, ...set } = await setVendorRouteAccount(tx, { vendorUserId, accountId, adminId: admin.id });
    return {
      result: set,
      audit: {
        action: 'vendor_route_account_set',
        resourceType: 'vendor',
        resourceId: vendorUserId,
        newData: { accountId, previous },
      },
    };
  });
}

type TransferArgs = ActionArgs & { followUpTx: FollowUpTx; config: RouteConfig; payoutId: string };

/**
 * Pays a created payout as a Razorpay Route transfer to the vendor's linked account, without holding
 * a transaction during the call: (1) with the fresh code, the payout becomes 'transferring' (audited
 * payout_transfer_started; a second admin now gets 409); (2) Razorpay is asked, with the payout id as
 * idempotency key; (3) paid with the trf_ id (audited payout_paid), or, when Razorpay made no
 * transfer (a refusal), 'created' again (audited payout_transfer_failed) and the error is answered. When
 * Razorpay cannot be reached or fails on its side, the outcome is unknown: the payout stays
 * 'transferring' and may be tried again once stranded (startPayoutTransfer); an answer that cannot be
 * matched to the payout also leaves it 'transferring', to be checked and marked paid by hand.
 */
export async function transferAdminPayout({
  db,
  config,
  sensitiveTx,
  followUpTx,
  payoutId,
}: TransferArgs): Promise<AdminPayout & { prepared: boolean }> {
  const started = await sensitiveTx(async (tx, admin) => {
    const gateway = await routeGateway(tx, config);
    if (!gateway) throw new AppError('CONFLICT', m.routeOff);
    const { amountPaise, vendorUserId } = await getAdminPayout(tx, payoutId);
    const gate = await secondPersonGate(tx, admin, {
      kind: 'payout',
      resourceId: payoutId,
      amountPaise,
      reference: null,
    });
    if (gate.outcome === 'prepared')
      return {
        result: null,
        audit: {
          action: 'payout_prepared',
          resourceType: 'payout',
          resourceId: payoutId,
          newData: { vendorUserId, amountPaise },
        },
      };
    const started = await startPayoutTransfer(tx, { payoutId });
    const newData = {
      vendorUserId: started.payout.vendorUserId,
      amountPaise: started.payout.amountPaise,
      accountId: started.accountId,
    };
    return {
      result: { ...started, gateway, admin },
      audit: { action: 'payout_transfer_started', resourceType: 'payout', resourceId: payoutId, newData },
    };
  });
  // Above the two-person amount, the first click only prepared it: nothing is transferred yet.
  if (!started) return { ...(await getAdminPayout(db, payoutId)), prepared: true };
  const { gateway, payout, accountId, admin } = started;
  const audit = (action: string, newData: unknown) => ({
    action,
    resourceType: 'payout',
    resourceId: payoutId,
    newData,
  });
  let transfer: Transfer;
  try {
    transfer = await gateway.createTransfer({
      accountId,
      amountPaise: payout.amountPaise,
      notes: { payout_id: payout.id, period: `${payout.periodFrom} to ${payout.periodTo}` },
      idempotencyKey: payout.id,
    });
  } catch (e) {
    // Only a definite refusal puts it back to 'created'; when the outcome is unknown it stays
    // 'transferring' until it is tried again (same key: Razorpay answers the transfer if it was made).
    if (!(e instanceof TransferUnclearError) && !(e instanceof TransferOutcomeUnknownError)) {
      await followUpTx(async (tx) => {
        const back = await abandonPayoutTransfer(tx, { payoutId });
        return {
          audit: back
            ? [
                audit('payout_transfer_failed', {
                  accountId,
                  amountPaise: payout.amountPaise,
                  error: e instanceof Error ? e.message : String(e),
                }),
              ]
            : [],
        };
      });
    }
    throw e;
  }
  await followUpTx(async (tx) => {
    const paid = await finishPayoutTransfer(tx, {
      payoutId,
      transferId: transfer.transferId,
      today: todayInIndia(),
      adminId: admin.id,
    });
    return {
      audit: audit('payout_paid', {
        vendorUserId: paid.vendorUserId,
        amountPaise: paid.amountPaise,
        reference: transfer.transferId,
        transferId: transfer.transferId,
        accountId,
        transferStatus: transfer.status,
        method: 'route',
        paidAt: paid.paidAt,
      }),
    };
  });
  return { ...(await getAdminPayout(db, payoutId)), prepared: false };
}
