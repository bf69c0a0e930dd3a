import type { Counts } from './counts.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's child: the merged options of one limit (a route's, or a shared one's). */
interface LimitOptions {
  /** Our name for a limit shared by several routes (both log-in paths). */
  bucket?: string;
  routeInfo?: { url?: string; method?: string };
}

/**
 * A store for @fastify/rate-limit that counts in the database (counts.ts),
 * so that the limits hold across every server instance behind a proxy: two
 * instances do not double them. Each limit counts in its own bucket: its
 * route, or the name it is given.
 */
export function databaseRateLimitStore(counts: Counts) {
  return class DatabaseRateLimitStore {
    readonly bucket: string;
    constructor(given: unknown = {}) {
      const options = given as LimitOptions;
      this.bucket = options.bucket ?? (options.routeInfo?.url ? `${options.routeInfo.method ?? ''} ${options.routeInfo.url}` : 'global');
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      counts.add(this.bucket, key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: Callback, timeWindow: number): void {
      counts.read(this.bucket, key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child(options: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(options);
    }
  };
}
