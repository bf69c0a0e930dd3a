/**
 * The server as `npm start` and `npm run serve` run it: settings from the
 * environment (checked: a wrong one stops here with a sentence), the database,
 * the sample certificates outside production, mail, then the app on its port
 * until SIGINT or SIGTERM.
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.ts';
import { DatabaseMissingError, openDatabase } from './db/database.ts';
import { loadDemoCertificatesOnce } from './features/certificates/index.ts';
import { ALLOWANCES } from './limits/allowances.ts';
import { createMailer } from './mail/mailer.ts';
import { OWASP_SCRYPT, TEST_SCRYPT } from './security/passwords.ts';
import { publicAddress, type Settings, settingsOrExit } from './settings.ts';
import { readSiteSettings } from './siteSettings.ts';

export async function startServer(settings: Settings, root = process.cwd()): Promise<void> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: settings.databaseUrl, sqliteFile: settings.sqliteFile, create: settings.createDatabase });
  } catch (error) {
    // A database that was there and is gone is not replaced by an empty one: the operator decides.
    if (error instanceof DatabaseMissingError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // Samples to try verification with: never in production, where they would look like certificates we issued.
  if (settings.demoCertificates) {
    const added = await loadDemoCertificatesOnce(database);
    if (added) console.log(`Loaded ${added} sample certificates into ${database.location} (try IC25/123456); DEMO_CERTIFICATES=off leaves them out.`);
  }
  // Mail goes to SMTP_URL, or else into the outbox folder; its links point at PUBLIC_URL (this machine, outside production).
  const site = readSiteSettings(root);
  const publicUrl = publicAddress(settings);
  const mailer = createMailer({ smtpUrl: settings.smtpUrl, outboxDir: settings.outboxDir, from: settings.mailFrom ?? `${site.name} <${site.contact.email}>` });
  const app = await buildApp({
    root,
    mailer,
    publicUrl,
    database,
    distDir: settings.distDir,
    logger: settings.log,
    rateLimits: settings.rateLimits,
    allowances: {
      lookupMisses: { ...ALLOWANCES.lookupMisses, max: settings.lookupBudget },
      lookups: { ...ALLOWANCES.lookups, max: settings.lookupAllowance },
    },
    hashing: settings.hashing,
    scryptCost: settings.passwordHashCost === 'test' ? TEST_SCRYPT : OWASP_SCRYPT,
    allowedOrigins: settings.allowedOrigins,
    trustProxy: settings.trustProxy,
    signingKey: settings.credentialSigningKey,
    staffSessionMinutes: settings.staffSessionMinutes,
    certificateIdPattern: settings.certificateIdPattern,
  });
  let stopping = false;
  const shutdown = async () => {
    // Under npm, which passes a terminal's signal on, the same stop can arrive twice.
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`Requests were still running ${settings.shutdownTimeoutMs} ms after the stop signal; stopping anyway.`);
      process.exit(1);
    }, settings.shutdownTimeoutMs).unref();
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: settings.port, host: settings.host });
  const listening = (app.server.address() as { port: number }).port;
  console.log(`Serving the site and API at http://localhost:${listening} (database: ${database.dialect} ${database.location})`);
  console.log(`Mail goes to ${mailer.destination}; its links start ${publicUrl}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await startServer(settingsOrExit());
