import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { defaultHashingLimits, hashingQueue } from './hashingQueue.ts';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (128 MiB per hash, so maxmem is raised). */
export const OWASP_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
export type ScryptCost = { N: number; r: number; p: number };
const KEY_LENGTH = 64;

/** Every hash of the process goes through one bounded queue (HASH_CONCURRENCY, HASH_QUEUE settings; see hashingQueue.ts). */
export const hashing = hashingQueue({
  ...defaultHashingLimits(),
  ...(process.env['HASH_CONCURRENCY'] ? { concurrency: Number(process.env['HASH_CONCURRENCY']) } : {}),
  ...(process.env['HASH_QUEUE'] ? { queue: Number(process.env['HASH_QUEUE']) } : {}),
});

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // crypto.scrypt runs on libuv's thread pool, off the event loop; the queue keeps it to its share of the machine.
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r + 16 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** "scrypt$N$r$p$salt$hash" with base64 salt and hash: the parameters travel with the hash. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
