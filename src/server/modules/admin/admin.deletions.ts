import { deletionMessages as m, type AdminDeletion } from '../../../contracts/admin-lists.contract';
import { referralActionMessages } from '../../../contracts/admin-merchants.contract';
import { adminOrderMessages } from '../../../contracts/admin-orders.contract';
import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import type { Tx } from '../../platform/db';
import { deleteAccount } from '../accounts';
import { hasRole } from '../auth';
import { deleteEmployee } from '../erp';
import { deleteRecord } from './admin.record-deletions';
import type { SensitiveTx } from './admin.step-up';

export type DeletionKind = 'user' | 'vendor' | 'merchant' | 'product' | 'employee' | 'order' | 'referral';
export type DeleteArgs = { sensitiveTx: SensitiveTx; kind: DeletionKind; id: string };

const notFound: Record<DeletionKind, string> = {
  user: 'User not found',
  vendor: 'Vendor not found',
  merchant: 'Merchant not found',
  product: 'Product not found',
  employee: 'Employee not found',
  order: adminOrderMessages.notFound,
  referral: referralActionMessages.notFound,
};

// The Vendors and Merchants tabs delete an account of that role only.
async function assertRole(tx: Tx, userId: string, kind: 'vendor' | 'merchant'): Promise<void> {
  if (!(await hasRole(tx, { userId, role: kind }))) throw new AppError('NOT_FOUND', notFound[kind]);
}

async function run(
  tx: Tx,
  admin: AdminUser,
  kind: DeletionKind,
  id: string,
): Promise<{ outcome: AdminDeletion['outcome']; detail: string; audit: Record<string, unknown> }> {
  if (kind === 'order' || kind === 'referral' || kind === 'product')
    return deleteRecord(tx, admin, kind, id, notFound[kind]);
  if (kind === 'employee') {
    const e = await deleteEmployee(tx, { employeeId: id });
    if (!e) throw new AppError('NOT_FOUND', notFound.employee);
    return {
      outcome: e.outcome,
      detail: e.outcome === 'anonymised' ? m.employeeAnonymised : m.removed,
      audit: { ...e },
    };
  }
  if (kind !== 'user') await assertRole(tx, id, kind);
  const a = await deleteAccount(tx, id, notFound[kind]);
  return { outcome: a.outcome, detail: a.outcome === 'anonymised' ? m.anonymised : m.removed, audit: { ...a } };
}

/**
 * Deletes a user, vendor, merchant, product, employee, order or referral with a fresh code, in one
 * transaction with its audit entry; history is never destroyed (see deleteAccount,
 * deleteProductByAdmin, deleteEmployee, deleteOrderAsAdmin, deleteUnpaidReferral).
 */
export async function deleteByAdmin({ sensitiveTx, kind, id }: DeleteArgs): Promise<AdminDeletion> {
  return sensitiveTx(async (tx, admin) => {
    const done = await run(tx, admin, kind, id);
    return {
      result: { id, outcome: done.outcome, message: m[kind].done, detail: done.detail },
      audit: { action: `${kind}_deleted`, resourceType: kind, resourceId: id, newData: done.audit },
    };
  });
}
