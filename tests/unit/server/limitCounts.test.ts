import { describe, expect, it } from 'vitest';
import { limitCounts } from '../../../server/limits/counts.ts';
import { backends } from '../../support/databases.ts';

const minute = 60_000;

describe.each(backends())('limit counts on $name', (backend) => {
  it('start a client’s window with its first request, so a burst across the clock’s minute counts as one', async () => {
    const { handle, dispose } = await backend.open();
    try {
      const counts = limitCounts(handle.db);
      // Four requests from 59.98 s to 60.04 s past the epoch's minute: one burst, one window.
      const seen = [];
      for (const at of [59_980, 59_990, 60_010, 60_040]) seen.push((await counts.add('login', 'client-a', minute, 1, at)).count);
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(await counts.read('login', 'client-a', minute, 60_040)).toMatchObject({ count: 4, resetInMs: 59_940 });
      // Another client, and another bucket, count on their own.
      expect((await counts.add('login', 'client-b', minute, 1, 60_040)).count).toBe(1);
      expect((await counts.add('signup', 'client-a', minute, 1, 60_040)).count).toBe(1);
    } finally {
      await dispose();
    }
  });

  it('start afresh once the window is over, with the amount added', async () => {
    const { handle, dispose } = await backend.open();
    try {
      const counts = limitCounts(handle.db);
      await counts.add('verify', 'c', minute, 1, 1_000);
      await counts.add('verify', 'c', minute, 5, 30_000);
      expect((await counts.read('verify', 'c', minute, 60_999)).count).toBe(6);
      expect(await counts.read('verify', 'c', minute, 61_000)).toMatchObject({ count: 0, resetInMs: minute });
      expect(await counts.add('verify', 'c', minute, 3, 61_000)).toMatchObject({ count: 3, resetInMs: minute });
      expect((await counts.add('verify', 'c', minute, 1, 61_500)).count).toBe(4);
    } finally {
      await dispose();
    }
  });
});
