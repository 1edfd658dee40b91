import { describe, expect, it } from 'vitest';
import { doublingBackoffSeconds, drainInBatches } from './job-batches';

describe('doublingBackoffSeconds', () => {
  it('waits the first wait, then doubles, at most an hour', () => {
    expect([0, 1, 2, 3, 6, 20].map((n) => doublingBackoffSeconds(n, 60))).toEqual([60, 60, 120, 240, 1920, 3600]);
    expect([1, 2, 3].map((n) => doublingBackoffSeconds(n, 30))).toEqual([30, 60, 120]);
  });
});

describe('drainInBatches', () => {
  it('runs batches until one is short, adding up the counts and telling progress between batches', async () => {
    const batches = [
      { done: 2, failed: 1 },
      { done: 3, failed: 0 },
      { done: 1, failed: 0 },
    ];
    const seen: number[] = [];
    const total = await drainInBatches(
      async () => batches.shift() ?? { done: 0, failed: 0 },
      3,
      (t) => {
        seen.push(t.done);
      },
    );
    expect(total).toEqual({ done: 6, failed: 1 });
    expect(seen).toEqual([2, 5]);
  });

  it('answers the first batch when it is short', async () => {
    expect(await drainInBatches(async () => ({ done: 0 }), 20)).toEqual({ done: 0 });
  });
});
