// The two rules every outbox-style job keeps (the email sender, the document PDFs renderer): a failed
// row is retried after a wait that doubles, and a backlog is worked through in one pass, a batch at a time.

/** The wait before attempt n + 1 after n failed ones: `firstSeconds`, doubling, at most an hour. */
export const doublingBackoffSeconds = (failedAttempts: number, firstSeconds: number): number =>
  Math.min(firstSeconds * 2 ** Math.max(0, failedAttempts - 1), 3600);

/**
 * Runs `batch` until one handles fewer than `size` rows (the backlog is empty), adding up its counts;
 * between batches, `progress` hears the totals so far. Answers the totals.
 */
export async function drainInBatches<C extends Record<string, number>>(
  batch: () => Promise<C>,
  size: number,
  progress?: (total: C) => Promise<void> | void,
): Promise<C> {
  let total: C | undefined;
  for (;;) {
    const c = await batch();
    total = total ? addCounts(total, c) : { ...c };
    if (Object.values(c).reduce((s, n) => s + n, 0) < size) return total;
    await progress?.(total);
  }
}

function addCounts<C extends Record<string, number>>(a: C, b: C): C {
  const sum: Record<string, number> = { ...a };
  for (const [k, n] of Object.entries(b)) sum[k] = (sum[k] ?? 0) + n;
  return sum as C;
}
