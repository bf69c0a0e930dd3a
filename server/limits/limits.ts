import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import type { AllowanceName, Allowances } from './allowances.ts';
import { clientKey } from './clientKey.ts';
import type { Counts } from './counts.ts';
import { type LookupBudget, lookupBudget } from './lookupBudget.ts';
import { databaseRateLimitStore } from './rateLimitStore.ts';

/** Every limit of the server, as handlers and routes use them (app.limits). */
export interface Limits {
  /** The one counting mechanism (counts.ts). */
  counts: Counts;
  allowances: Allowances;
  /** False lifts every per-client and per-account limit (RATE_LIMITS=off: benchmarks and browser tests only). */
  enabled: boolean;
  /**
   * A route's limit per client, for its config: counted per route, or in the bucket named (routes that must share
   * one allowance, such as both log-in paths).
   */
  route(name: AllowanceName, bucket?: string): { rateLimit?: { max: number; timeWindow: number } };
  /** Certificate lookups that find nothing (held whether or not the other limits are). */
  lookups: LookupBudget;
  /**
   * Spends one of an allowance for a key (an account, say) before the work it pays for: one atomic increment whose
   * count decides, so attempts at once cannot overshoot it; past the allowance, TOO_MANY_REQUESTS with the wait.
   */
  spend(name: AllowanceName, key: string): Promise<void>;
}

export function createLimits(counts: Counts, allowances: Allowances, enabled: boolean): Limits {
  return {
    counts,
    allowances,
    enabled,
    route(name, bucket) {
      if (!enabled) return {};
      const { max, windowMs } = allowances[name];
      // `bucket` is read by our store (rateLimitStore.ts); the plugin passes route config through to it.
      return { rateLimit: { max, timeWindow: windowMs, ...(bucket ? { bucket } : {}) } as { max: number; timeWindow: number } };
    },
    lookups: lookupBudget(counts, { lookups: allowances.lookups, misses: allowances.lookupMisses }),
    async spend(name, key) {
      if (!enabled) return;
      const { max, windowMs } = allowances[name];
      const { count, resetInMs } = await counts.add(name, key, windowMs);
      if (count > max) {
        const seconds = Math.ceil(resetInMs / 1000);
        throw new ApiError('TOO_MANY_REQUESTS', { seconds }, seconds);
      }
    },
  };
}

/** @fastify/rate-limit with its counts in the database, keyed by clientKey, answering with the catalogue's TOO_MANY_REQUESTS. */
export async function registerRateLimits(app: FastifyInstance, counts: Counts): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(counts),
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new ApiError('TOO_MANY_REQUESTS', { seconds }, seconds);
    },
  });
}
