import path from 'node:path';
import { buildApp } from './app.ts';
import { DatabaseMissingError, openDatabase } from './db/database.ts';
import { loadDemoCertificatesOnce } from './demoData.ts';

/** TRUST_PROXY: unset or "false" (no proxy), a hop count ("1"), or the proxies' addresses or ranges ("10.0.0.2,10.0.1.0/24"). */
function trustProxySetting(value: string | undefined): string[] | number | false {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const port = Number(process.env['PORT'] ?? 5000);
const host = process.env['HOST'] ?? '0.0.0.0';
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: process.env['DATABASE_URL'],
    sqliteFile: process.env['SQLITE_FILE'],
    create: process.env['CREATE_DATABASE'] === '1',
  });
} catch (error) {
  // A database that was there and is gone is not replaced by an empty one: the operator decides.
  if (error instanceof DatabaseMissingError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
// Samples to try verification with: never in production, where they would look like certificates we issued.
const demo = process.env['DEMO_CERTIFICATES'] ?? (process.env['NODE_ENV'] === 'production' ? 'off' : 'on');
if (demo === 'on') {
  const added = await loadDemoCertificatesOnce(database);
  if (added) console.log(`Loaded ${added} sample certificates into ${database.location} (try IC25/123456); DEMO_CERTIFICATES=off leaves them out.`);
}
const app = await buildApp({
  database,
  distDir: path.resolve(process.env['DIST_DIR'] ?? 'dist'),
  logger: process.env['LOG'] !== 'off',
  rateLimits: process.env['RATE_LIMITS'] === 'off' ? false : undefined,
  allowedOrigins: (process.env['ALLOWED_ORIGINS'] ?? '').split(',').filter(Boolean),
  trustProxy: trustProxySetting(process.env['TRUST_PROXY']),
  signingKey: process.env['CREDENTIAL_SIGNING_KEY'],
  ...(process.env['LOOKUP_BUDGET'] ? { lookupBudget: { misses: Number(process.env['LOOKUP_BUDGET']), windowMs: 10 * 60_000 } } : {}),
});
/** How long a stop may take: requests in flight finish within it; past it the process ends regardless. */
const shutdownMs = Number(process.env['SHUTDOWN_TIMEOUT_MS'] ?? 10_000);
let stopping = false;
const shutdown = async () => {
  // Under npm, which passes a terminal's signal on, the same stop can arrive twice.
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error(`Requests were still running ${shutdownMs} ms after the stop signal; stopping anyway.`);
    process.exit(1);
  }, shutdownMs).unref();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
await app.listen({ port, host });
const listening = (app.server.address() as { port: number }).port;
console.log(`Serving the site and API at http://localhost:${listening} (database: ${database.dialect} ${database.location})`);
