import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { JobQueue } from './job-queue';

const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((r) => (done = r));
  return { promise, done };
};

describe('JobQueue', () => {
  it('runs at most `concurrency` jobs at a time, the rest in order', async () => {
    const q = new JobQueue(2, 10, 'busy');
    const gates = [later(), later(), later(), later()];
    const started: number[] = [];
    const runs = gates.map((g, i) => q.run(async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(q.load).toEqual({ running: 2, waiting: 2 });
    gates[1].done();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0].done();
    gates[2].done();
    gates[3].done();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a job fails', async () => {
    const q = new JobQueue(1, 10, 'busy');
    await expect(q.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await q.run(async () => 'next')).toBe('next');
  });

  it('refuses a job at once with 503 when the waiting line is full', async () => {
    const q = new JobQueue(1, 1, 'Many pictures are being processed right now.');
    const gate = later();
    const first = q.run(() => gate.promise);
    const second = q.run(async () => 'waited');
    const third = q.run(async () => 'never');
    await expect(third).rejects.toBeInstanceOf(AppError);
    await expect(third).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Many pictures are being processed right now.',
    });
    gate.done();
    await first;
    expect(await second).toBe('waited');
  });
});
