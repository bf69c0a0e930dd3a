/**
 * The real server's API (no request log; no rate limits unless RATE_LIMITS=on) plus an empty route
 * with the same hooks, in a process of its own so that the load generator
 * does not share its thread. Prints "listening <port>" when ready.
 */
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';

const database = await openDatabase({ sqliteFile: process.env['SQLITE_FILE'], databaseUrl: process.env['DATABASE_URL'] });
// The load comes from one address: without RATE_LIMITS=on, its limits and its lookup allowance are lifted (the guessing bench measures those).
const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 3_600_000 };
const app = await buildApp({
  database,
  ...(process.env['RATE_LIMITS'] === 'on' ? {} : { rateLimits: false, allowances: { lookups: unlimited, lookupMisses: unlimited } }),
});
// The baseline: a route that parses the same JSON body and answers an empty list.
app.post('/api/bench/empty', async () => []);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
// For the soak test: the server's own memory figures, as JSON lines; after a full collection when allowed
// (--expose-gc), so that what is measured is what is still held, not garbage waiting for the collector.
const every = Number(process.env['MEMORY_EVERY_MS'] ?? 0);
if (every > 0) {
  setInterval(() => {
    (globalThis as { gc?: () => void }).gc?.();
    console.log(JSON.stringify({ memory: process.memoryUsage(), at: Date.now() }));
  }, every).unref();
}
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
