import type { AdminUser as AdminUserRow } from '../../../contracts/admin-people.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { getUserAccount, setUserStatus } from '../auth';
import type { SensitiveTx } from './admin.step-up';

export type UserStatusArgs = { db: Db; sensitiveTx: SensitiveTx; userId: string; status: 'active' | 'suspended' };

/** Suspend (every session ends at once) or reactivate an account, with a fresh code; audited in the same transaction. */
export async function setAdminUserStatus({ db, sensitiveTx, userId, status }: UserStatusArgs): Promise<AdminUserRow> {
  await sensitiveTx(async (tx) => {
    const email = await setUserStatus(tx, { userId, status });
    if (!email) throw new AppError('NOT_FOUND', 'User not found');
    return {
      audit: {
        action: status === 'suspended' ? 'user_suspended' : 'user_reactivated',
        resourceType: 'user',
        resourceId: userId,
        newData: { email, status },
      },
    };
  });
  return getUserAccount(db, userId);
}
