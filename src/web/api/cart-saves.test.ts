import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelCartSave, flushCartSaves, isCartSaving, scheduleCartSave } from './cart-saves';

/** A save that lands only when the test says so, recording the order it was sent in. */
function slowSaves() {
  const sent: number[] = [];
  const landing: (() => void)[] = [];
  const save = (q: number) => () => {
    sent.push(q);
    return new Promise<void>((resolve) => landing.push(resolve));
  };
  const landNext = async () => {
    landing.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { sent, save, landNext };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cart saves', () => {
  it('sends only the last quantity of a burst of taps, after the pause, and counts as saving until it lands', async () => {
    vi.useFakeTimers();
    const s = slowSaves();
    scheduleCartSave('line-a', s.save(2), 400);
    await vi.advanceTimersByTimeAsync(200);
    scheduleCartSave('line-a', s.save(3), 400);
    expect(isCartSaving()).toBe(true);
    await vi.advanceTimersByTimeAsync(399);
    expect(s.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.sent).toEqual([3]);
    expect(isCartSaving()).toBe(true);
    await s.landNext();
    expect(isCartSaving()).toBe(false);
  });

  it('flushCartSaves sends a waiting save at once and resolves only once every save, including one made meanwhile, has landed', async () => {
    vi.useFakeTimers();
    const s = slowSaves();
    scheduleCartSave('line-a', s.save(3), 400);
    scheduleCartSave('line-b', s.save(1), 400);
    let flushed = false;
    const flush = flushCartSaves().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.sent).toEqual([3, 1]);
    // Another tap on line a while its save is on its way: sent after it, not beside it.
    scheduleCartSave('line-a', s.save(2), 400);
    await vi.advanceTimersByTimeAsync(400);
    expect(s.sent).toEqual([3, 1]);
    await s.landNext();
    expect(s.sent).toEqual([3, 1, 2]);
    await s.landNext();
    expect(flushed).toBe(false);
    await s.landNext();
    await flush;
    expect(flushed).toBe(true);
    expect(isCartSaving()).toBe(false);
  });

  it('a failed save still ends the wait (the line says why itself), and a removed line sends nothing', async () => {
    vi.useFakeTimers();
    scheduleCartSave('line-a', () => Promise.reject(new Error('offline')), 400);
    await flushCartSaves();
    expect(isCartSaving()).toBe(false);
    const send = vi.fn(async () => undefined);
    scheduleCartSave('line-b', send, 400);
    cancelCartSave('line-b');
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).not.toHaveBeenCalled();
    expect(isCartSaving()).toBe(false);
  });
});
