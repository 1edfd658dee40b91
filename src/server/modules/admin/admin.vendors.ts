import { vendorActionMessages as m, type AdminVendor } from '../../../contracts/admin-vendors.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { getVendorContact, setVendorApproval } from '../auth';
import { notify } from '../notifications';
import { setVendorShopsApproved } from '../shops';
import { getAdminVendor } from './admin.vendors.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetVendorApprovalArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  vendorUserId: string;
  approved: boolean;
  /** Required for a rejection; shown in the list. */
  reason: string | null;
};

/**
 * Approves or rejects a vendor with a fresh code, in one transaction with its audit entry: the vendor
 * row and every one of its shops change together, so its products leave (or return to) the
 * storefront at once, and the vendor is told. Already in that state answers 409 and spends no code.
 */
export async function setAdminVendorApproval({
  db,
  sensitiveTx,
  vendorUserId,
  approved,
  reason,
}: SetVendorApprovalArgs): Promise<AdminVendor> {
  await sensitiveTx(async (tx) => {
    // The vendor's row first: its lock makes a shop being opened meanwhile wait and copy the new state.
    const outcome = await setVendorApproval(tx, { vendorUserId, approved, reason: approved ? null : reason });
    if (outcome === 'missing') throw new AppError('NOT_FOUND', m.notFound);
    if (outcome === 'unchanged') throw new AppError('CONFLICT', approved ? m.alreadyApproved : m.alreadyRejected);
    const shops = await setVendorShopsApproved(tx, { vendorUserId, approved });
    const vendor = await getVendorContact(tx, vendorUserId);
    // The vendor hears of it with the change: a rejection with its reason.
    if (vendor) {
      await notify(
        tx,
        approved
          ? { kind: 'vendor-approved', to: { userId: vendorUserId }, data: { businessName: vendor.businessName } }
          : {
              kind: 'vendor-rejected',
              to: { userId: vendorUserId },
              data: { businessName: vendor.businessName, reason: reason ?? '' },
            },
      );
    }
    return {
      audit: {
        action: approved ? 'vendor_approved' : 'vendor_rejected',
        resourceType: 'vendor',
        resourceId: vendorUserId,
        newData: {
          businessName: vendor?.businessName,
          email: vendor?.email,
          isApproved: approved,
          ...(approved ? {} : { reason }),
          shops,
        },
      },
    };
  });
  return getAdminVendor(db, vendorUserId);
}
