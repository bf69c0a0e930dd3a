import os from 'node:os';

/** Password hashing is busy: the queue is full. Log-in and sign-up answer 503 with Retry-After. */
export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('password hashing is busy');
    this.name = 'HashingBusyError';
  }
}

export interface HashingLimits {
  /** Hashes run at once. Each takes a core and 128 MiB; the rest of the machine keeps answering pages and verifications. */
  concurrency: number;
  /** Hashes that may wait; past this, the answer is 503 at once instead of a wait nobody sees the end of. */
  queue: number;
}

/** One hash at a time on a 2-core machine (one core stays for everything else), more on bigger ones; 8 waiting. */
export function defaultHashingLimits(cores = os.availableParallelism()): HashingLimits {
  return { concurrency: Math.max(1, Math.floor(cores / 2)), queue: 8 };
}

/**
 * Password hashing with its own bounded capacity. scrypt at OWASP's cost is
 * about a quarter of a second of a core and 128 MiB; run freely on libuv's
 * pool it took every thread and core the static files, the log and
 * verification need (a few log-ins stalled GET / for seconds). Here at most
 * `concurrency` run at once, `queue` more wait their turn in order, and any
 * beyond are refused at once with how long to wait, judged from how long
 * recent hashes took.
 */
export function hashingQueue(limits: HashingLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let averageMs = 300;

  return {
    limits,
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limits.concurrency) running++;
      else if (waiting.length >= limits.queue) {
        throw new HashingBusyError(Math.max(1, Math.ceil(((waiting.length + 1) * averageMs) / limits.concurrency / 1000)));
      } else {
        // The slot is handed over by the hash that ends (running stays as it is), so none can slip in between.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        const handOver = waiting.shift();
        if (handOver) handOver();
        else running--;
      }
    },
  };
}

export type HashingQueue = ReturnType<typeof hashingQueue>;
