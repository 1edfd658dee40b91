/**
 * Two people for money out: when the operator sets an amount, a payout or a withdrawal above it is
 * paid only once a second staff member approves what the first one prepared. Off (null) by default.
 */
export function needsSecondPerson(amountPaise: number, abovePaise: number | null): boolean {
  return abovePaise !== null && amountPaise > abovePaise;
}

/** What a staff member's click does to money going out, given what is already on record for it. */
export type SecondPersonStep =
  { step: 'pay' } | { step: 'prepare' } | { step: 'approve-and-pay' } | { step: 'refuse'; reason: 'same-person' };

/**
 * The rule of the two people: below the amount (or with the rule off) the click pays; above it, the
 * first click prepares, a second click by someone else approves and pays, and the one who prepared
 * it can never approve it. Once approved, a retry pays (a transfer that failed is tried again).
 */
export function secondPersonStep(args: {
  amountPaise: number;
  abovePaise: number | null;
  record: { preparedBy: string; approvedBy: string | null } | null;
  staffId: string;
}): SecondPersonStep {
  if (!needsSecondPerson(args.amountPaise, args.abovePaise)) return { step: 'pay' };
  if (!args.record) return { step: 'prepare' };
  if (args.record.approvedBy) return { step: 'pay' };
  if (args.record.preparedBy === args.staffId) return { step: 'refuse', reason: 'same-person' };
  return { step: 'approve-and-pay' };
}
