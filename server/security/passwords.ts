import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { HashingQueue } from './hashingQueue.ts';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (128 MiB per hash, so maxmem is raised). */
export const OWASP_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
/** For tests only (PASSWORD_HASH_COST=test, refused in production; the API tests): 4 MiB, about a thirtieth of the time. */
export const TEST_SCRYPT = { N: 2 ** 12, r: 8, p: 1 } as const;
export type ScryptCost = { N: number; r: number; p: number };
const KEY_LENGTH = 64;

export interface PasswordHasher {
  /** "scrypt$N$r$p$salt$hash" with base64 salt and hash: the parameters travel with the hash. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/**
 * Password hashing with scrypt at the cost given, every hash through the one
 * bounded queue of the process (hashingQueue.ts): crypto.scrypt runs on libuv's
 * thread pool, off the event loop, and the queue keeps it to its share of the machine.
 */
export function passwordHasher(cost: ScryptCost, queue: HashingQueue): PasswordHasher {
  const derive = (password: string, salt: Buffer, params: ScryptCost) =>
    queue.run(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 }, (error, key) =>
            error ? reject(error) : resolve(key),
          );
        }),
    );
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, cost);
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64');
      const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
