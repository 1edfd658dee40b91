import { and, eq, isNull } from 'drizzle-orm';
import {
  moneyOutMessages as m,
  type MoneyOutSettings,
  type PendingApproval,
} from '../../../contracts/money-out.contract';
import { secondPersonStep } from '../../../domain/two-person';
import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import type { DbOrTx, Tx } from '../../platform/db';
import { adminAccountRows } from '../auth';
import { moneyOutApprovals, moneyOutSettings } from './admin.tables';

/** Two people for money out: the amount above which a second staff member approves (null: off, the default). */
export async function getMoneyOutSettings(db: DbOrTx): Promise<MoneyOutSettings> {
  const [row] = await db.select().from(moneyOutSettings).where(eq(moneyOutSettings.id, 1));
  return { twoPersonAbovePaise: row?.twoPersonAbovePaise ?? null };
}

export async function saveMoneyOutSettings(tx: Tx, settings: MoneyOutSettings): Promise<MoneyOutSettings> {
  const before = await getMoneyOutSettings(tx);
  await tx
    .insert(moneyOutSettings)
    .values({ id: 1, twoPersonAbovePaise: settings.twoPersonAbovePaise })
    .onConflictDoUpdate({
      target: moneyOutSettings.id,
      set: { twoPersonAbovePaise: settings.twoPersonAbovePaise, updatedAt: new Date() },
    });
  return before;
}

export type MoneyOut = {
  kind: 'payout' | 'withdrawal';
  resourceId: string;
  amountPaise: number;
  /** The bank or UPI reference typed with the click (a Route transfer has none). */
  reference: string | null;
};

/**
 * The gate of money going out, inside the action's transaction: answers `pay` with the reference to
 * pay with, or `prepared` when this click only prepared it for a second staff member. The one who
 * prepared it cannot approve it (409). The approval row is locked, so two approvals at once go one
 * after the other, and the payment's own once-only rule refuses the second.
 */
export async function secondPersonGate(
  tx: Tx,
  admin: AdminUser,
  out: MoneyOut,
): Promise<{ outcome: 'pay'; reference: string | null } | { outcome: 'prepared' }> {
  const { twoPersonAbovePaise } = await getMoneyOutSettings(tx);
  const key = and(eq(moneyOutApprovals.kind, out.kind), eq(moneyOutApprovals.resourceId, out.resourceId));
  const [record] = await tx.select().from(moneyOutApprovals).where(key).for('update');
  const step = secondPersonStep({
    amountPaise: out.amountPaise,
    abovePaise: twoPersonAbovePaise,
    record: record ?? null,
    staffId: admin.id,
  });
  switch (step.step) {
    case 'pay':
      return { outcome: 'pay', reference: record?.reference ?? out.reference };
    case 'refuse':
      throw new AppError('CONFLICT', m.samePerson);
    case 'prepare': {
      const [made] = await tx
        .insert(moneyOutApprovals)
        .values({ ...out, preparedBy: admin.id })
        .onConflictDoNothing()
        .returning({ id: moneyOutApprovals.id });
      // Someone else prepared it at the same moment: this click is theirs to approve, not a second preparation.
      if (!made) throw new AppError('CONFLICT', m.preparedMeanwhile);
      return { outcome: 'prepared' };
    }
    case 'approve-and-pay': {
      await tx
        .update(moneyOutApprovals)
        .set({ approvedBy: admin.id, approvedAt: new Date() })
        .where(and(key, isNull(moneyOutApprovals.approvedBy)));
      return { outcome: 'pay', reference: record!.reference ?? out.reference };
    }
  }
}

/** What waits for a second approval: the Payouts and Withdrawals tabs mark these rows. */
export async function listPendingApprovals(db: DbOrTx): Promise<PendingApproval[]> {
  const rows = await db
    .select({
      kind: moneyOutApprovals.kind,
      resourceId: moneyOutApprovals.resourceId,
      amountPaise: moneyOutApprovals.amountPaise,
      preparedBy: adminAccountRows.email,
      preparedAt: moneyOutApprovals.createdAt,
    })
    .from(moneyOutApprovals)
    .innerJoin(adminAccountRows, eq(adminAccountRows.id, moneyOutApprovals.preparedBy))
    .where(isNull(moneyOutApprovals.approvedBy));
  return rows.map((r) => ({ ...r, kind: r.kind as PendingApproval['kind'], preparedAt: r.preparedAt.toISOString() }));
}
