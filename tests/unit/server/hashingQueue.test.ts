import { describe, expect, it } from 'vitest';
import { defaultHashingLimits, HashingBusyError, hashingQueue } from '../../../server/security/hashingQueue.ts';

/** A task that ends when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, task: () => opened };
}

describe('the password hashing queue', () => {
  it('runs at most `concurrency` at once, the rest in order of arrival', async () => {
    const queue = hashingQueue({ concurrency: 2, queue: 5 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const done = gates.map((g, i) =>
      queue.run(() => {
        started.push(i);
        return g.task();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    gates[1]!.open();
    await done[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    expect(queue.running).toBe(2);
    for (const g of gates) g.open();
    await Promise.all(done);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses at once, with a wait in seconds, when the queue is full; and takes work again when there is room', async () => {
    const queue = hashingQueue({ concurrency: 1, queue: 2 });
    const gates = Array.from({ length: 3 }, gate);
    const held = gates.map((g) => queue.run(g.task));
    const refused = await queue.run(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HashingBusyError);
    expect((refused as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    for (const g of gates) g.open();
    await Promise.all(held);
    expect(await queue.run(async () => 'ran')).toBe('ran');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = hashingQueue({ concurrency: 1, queue: 0 });
    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await queue.run(async () => 'ran')).toBe('ran');
  });

  it('keeps half the cores for everything else by default', () => {
    expect(defaultHashingLimits(2)).toEqual({ concurrency: 1, queue: 8 });
    expect(defaultHashingLimits(8).concurrency).toBe(4);
    expect(defaultHashingLimits(1).concurrency).toBe(1);
  });
});
