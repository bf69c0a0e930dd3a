import path from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { loadDemoCertificatesOnce } from './demoData.ts';

const port = Number(process.env['PORT'] ?? 5000);
const host = process.env['HOST'] ?? '0.0.0.0';
const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: process.env['SQLITE_FILE'] });
if (database.dialect === 'sqlite') {
  const added = await loadDemoCertificatesOnce(database);
  if (added) console.log(`Loaded ${added} demo certificates into ${database.location} (try IC25/123456).`);
}
const app = await buildApp({
  database,
  distDir: path.resolve(process.env['DIST_DIR'] ?? 'dist'),
  logger: process.env['LOG'] !== 'off',
  rateLimits: process.env['RATE_LIMITS'] === 'off' ? false : undefined,
  allowedOrigins: (process.env['ALLOWED_ORIGINS'] ?? '').split(',').filter(Boolean),
});
let stopping = false;
const shutdown = async () => {
  // Under npm and tsx, which pass a terminal's signal on, the same stop can arrive twice.
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
await app.listen({ port, host });
console.log(`Serving the site and API at http://localhost:${port} (database: ${database.dialect} ${database.location})`);
