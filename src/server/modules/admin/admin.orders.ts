import { adminOrderMessages as m, type AdminOrderStatusChanged } from '../../../contracts/admin-orders.contract';
import type { OrderStatus } from '../../../domain/order-status';
import type { Db } from '../../platform/db';
import { setOrderStatusAsAdmin } from '../fulfilment';
import { listAdminOrderParts } from './admin.orders.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetAdminOrderStatusArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  orderId: string;
  partId?: string;
  status: OrderStatus;
  note?: string;
};

/**
 * Sets the status of one part of any order (or of every part still open): the fresh code is spent,
 * the parts moved (a cancel returning stock and points as the customer's cancel does), the history
 * written with the super admin as actor and one audit entry per part, all in one transaction.
 */
export async function setAdminOrderStatus({
  db,
  sensitiveTx,
  orderId,
  partId,
  status,
  note,
}: SetAdminOrderStatusArgs): Promise<AdminOrderStatusChanged> {
  const done = await sensitiveTx(async (tx, admin) => {
    const result = await setOrderStatusAsAdmin(tx, {
      orderId,
      partId,
      status,
      note,
      actor: { userId: admin.id, role: 'super_admin' },
      cancelNote: m.cancelNote,
    });
    return {
      result,
      audit: result.changes.map((change) => ({
        action: 'order_status_changed',
        resourceType: 'order',
        resourceId: orderId,
        newData: {
          partId: change.partId,
          shop: change.storeName,
          from: change.from,
          to: change.to,
          ...(note ? { note } : {}),
          ...(result.cancelled ? { cancelled: result.cancelled } : {}),
        },
      })),
    };
  });
  return {
    message: m.updated,
    items: await listAdminOrderParts(
      db,
      done.changes.map((c) => c.partId),
    ),
  };
}
