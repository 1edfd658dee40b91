import { AppError } from './app-error';

/**
 * Runs at most `concurrency` jobs at a time; the others wait in order. CPU-heavy work (image
 * decoding) goes through one, so a burst cannot take every core and worker thread from the rest
 * of the server. When `maxWaiting` jobs already wait, a new one is refused at once (503).
 */
export class JobQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  /** Runs the job when a slot is free and answers its result. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('UNAVAILABLE', this.busyMessage);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting, for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
