import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

// SQL building blocks over the rewards ledger, for other modules' statements that must stay one
// statement (a merchant's payments list, an account's deletion).

/** True while the pending ledger row `ledgerId` is open: no 'released' or 'voided' row points at it. */
export const ledgerRowOpen = (ledgerId: SQL | AnyColumn): SQL =>
  sql`not exists (select 1 from rewards_transactions r where r.related_transaction_id = ${ledgerId} and r.transaction_type in ('released', 'voided'))`;

/** Where the pending ledger row `ledgerId` stands: 'voided' or 'available' once a row ended it that way, else 'pending'. */
export const pendingRowOutcome = (ledgerId: SQL | AnyColumn): SQL<'voided' | 'available' | 'pending'> => sql`case
  when exists (select 1 from rewards_transactions r where r.related_transaction_id = ${ledgerId} and r.transaction_type = 'voided') then 'voided'
  when exists (select 1 from rewards_transactions r where r.related_transaction_id = ${ledgerId} and r.transaction_type = 'released') then 'available'
  else 'pending' end`;

/** True when a ledger row carries this reference (unique, as a referral's reward: see awardPointsOnce). */
export const ledgerHasReference = (reference: SQL): SQL =>
  sql`exists (select 1 from rewards_transactions r where r.reference = ${reference})`;

/** True when the user has ledger rows or withdrawal requests: history an account's deletion keeps. */
export const rewardsHistoryOf = (userId: string): SQL =>
  sql`exists (select 1 from rewards_transactions where customer_id = ${userId})
  or exists (select 1 from withdrawal_requests where customer_id = ${userId})`;
