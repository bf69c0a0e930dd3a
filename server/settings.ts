/**
 * Every environment variable the server and its command-line tools read, read
 * here once and checked against schemas/server/settings.schema.json (the
 * README's table is generated from the same file). Nothing else in server/
 * reads process.env: what a module needs is passed to it.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ServerSettings } from '../engine/types.ts';

export const SETTINGS_SCHEMA_FILE = path.join(import.meta.dirname, '..', 'schemas', 'server', 'settings.schema.json');

interface SettingSchema {
  description: string;
  'x-takes': string;
  'x-default'?: string;
  default?: unknown;
}

export interface SettingsSchema {
  properties: Record<keyof ServerSettings, SettingSchema>;
}

export function readSettingsSchema(): SettingsSchema & Record<string, unknown> {
  return JSON.parse(fs.readFileSync(SETTINGS_SCHEMA_FILE, 'utf8')) as SettingsSchema & Record<string, unknown>;
}

/** A setting with a value it cannot take: the sentence names the variable, what it holds and what it takes. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** What the server is told to do, worked out from the settings. */
export interface Settings {
  port: number;
  host: string;
  production: boolean;
  /** postgres://… when PostgreSQL is used. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  createDatabase: boolean;
  allowedOrigins: string[];
  log: boolean;
  rateLimits: boolean;
  distDir: string;
  hashing: { concurrency: number; queue: number };
  /** The scrypt cost passwords are hashed at: OWASP's, or a cheap one for the browser tests (never in production). */
  passwordHashCost: 'owasp' | 'test';
  /** How hard a build compresses: brotli's best, or a quick quality for the builds the tests make (never in production). */
  buildCompression: 'best' | 'fast';
  shutdownTimeoutMs: number;
  trustProxy: string[] | number | false;
  lookupBudget: number;
  lookupAllowance: number;
  /** A staff console session's length (a member's is 7 days). */
  staffSessionMinutes: number;
  credentialSigningKey: string | undefined;
  certificateIdPattern: string;
  demoCertificates: boolean;
  smtpUrl: string | undefined;
  outboxDir: string;
  /** Undefined: the site's name and contact address. */
  mailFrom: string | undefined;
  /** Undefined: this machine outside production, the site's own address in production (decided with data/site.json). */
  publicUrl: string | undefined;
}

function takesNote(schema: SettingsSchema, name: string): string {
  const entry = schema.properties[name as keyof ServerSettings];
  return entry ? `${name} takes ${entry['x-takes']}.` : '';
}

/** TRUST_PROXY: a hop count ("1"), the proxies' addresses or ranges ("10.0.0.2,10.0.1.0/24"), or none. */
function trustProxyOf(value: string | undefined): Settings['trustProxy'] {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Addresses only a machine's own programs or its private network reach: loopback, the private IPv4 ranges
 * (RFC 1918) and IPv6's unique local and loopback addresses. A server listening on one of these is reached
 * through the proxy in front, not by clients directly.
 */
const inside = new net.BlockList();
inside.addSubnet('127.0.0.0', 8, 'ipv4');
inside.addSubnet('10.0.0.0', 8, 'ipv4');
inside.addSubnet('172.16.0.0', 12, 'ipv4');
inside.addSubnet('192.168.0.0', 16, 'ipv4');
inside.addAddress('::1', 'ipv6');
inside.addSubnet('fc00::', 7, 'ipv6');

function isLoopbackOrPrivate(host: string): boolean {
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  return family !== 0 && inside.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The settings from the environment given (process.env at start), relative
 * paths resolved against root. Throws SettingsError with one sentence per
 * wrong value.
 */
export function loadSettings(env: Record<string, string | undefined> = process.env, root = process.cwd()): Settings {
  const schema = readSettingsSchema();
  const names = Object.keys(schema.properties);
  // Only our own variables, and an empty one as unset (VAR= in a shell file means "not set").
  const given: Record<string, string> = {};
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const raw: Record<string, unknown> = { ...given };
  const ajv = new Ajv2020({ allErrors: true, coerceTypes: true, useDefaults: true, strict: false });
  const validate = ajv.compile<ServerSettings>(schema);
  if (!validate(raw)) {
    const wrong = [...new Set((validate.errors ?? []).map((e) => e.instancePath.slice(1)).filter(Boolean))];
    throw new SettingsError(
      wrong.map((name) => `The setting ${name}=${JSON.stringify(given[name] ?? '')} cannot be used: ${takesNote(schema, name)}`).join('\n') ||
        'The settings cannot be read.',
    );
  }
  const s = raw as unknown as ServerSettings;
  try {
    new RegExp(s.CERTIFICATE_ID_PATTERN);
  } catch {
    throw new SettingsError(
      `The setting CERTIFICATE_ID_PATTERN=${JSON.stringify(s.CERTIFICATE_ID_PATTERN)} cannot be used: ${takesNote(schema, 'CERTIFICATE_ID_PATTERN')}`,
    );
  }
  const trustProxy = trustProxyOf(s.TRUST_PROXY);
  // A hop count believes the last addresses of X-Forwarded-For whoever sends it. Behind a proxy that is the proxy;
  // on an address clients reach directly, it is the client, who then chooses the address its limits count against.
  if (typeof trustProxy === 'number' && trustProxy > 0 && !isLoopbackOrPrivate(s.HOST)) {
    throw new SettingsError(
      `The setting TRUST_PROXY=${JSON.stringify(s.TRUST_PROXY)} cannot be used with HOST=${JSON.stringify(s.HOST)}: a hop count believes ` +
        'X-Forwarded-For from whoever reaches the server, and on that address clients reach it directly and could write their own. ' +
        "Name the proxy's address or range instead (TRUST_PROXY=10.0.0.2), or listen only on a loopback or private address (HOST=127.0.0.1).",
    );
  }
  const production = s.NODE_ENV === 'production';
  if (production && s.PASSWORD_HASH_COST === 'test') {
    throw new SettingsError(
      'The setting PASSWORD_HASH_COST="test" cannot be used with NODE_ENV="production": it hashes passwords at a cost meant for tests, ' +
        "which a stolen database would give up far sooner. Leave it unset for OWASP's cost.",
    );
  }
  if (production && s.BUILD_COMPRESSION === 'fast') {
    throw new SettingsError(
      'The setting BUILD_COMPRESSION="fast" cannot be used with NODE_ENV="production": it compresses pages at a quality meant for ' +
        "the builds tests make, and visitors would download a tenth more. Leave it unset for brotli's best.",
    );
  }
  // Links in mails and invitations open this address: a production server guessing it (from data/site.json, or the
  // request's Host) would send staff and members to another server's pages.
  if (production && !s.PUBLIC_URL) {
    throw new SettingsError(
      'The setting PUBLIC_URL is needed with NODE_ENV="production": the links in mails and staff invitations start with it, ' +
        'and a production server does not guess its own address. Set it to the address people open, such as PUBLIC_URL=https://interncraft.in.',
    );
  }
  const resolve = (p: string) => path.resolve(root, p);
  return {
    port: s.PORT,
    host: s.HOST,
    production,
    databaseUrl: s.DATABASE_URL,
    // ":memory:" is SQLite's name for a database in memory (tests), not a file.
    sqliteFile: s.SQLITE_FILE === ':memory:' ? s.SQLITE_FILE : resolve(s.SQLITE_FILE ?? path.join('.data', 'site.db')),
    createDatabase: s.CREATE_DATABASE === '1',
    allowedOrigins: (s.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    log: s.LOG === 'on',
    rateLimits: s.RATE_LIMITS === 'on',
    distDir: resolve(s.DIST_DIR),
    hashing: { concurrency: s.HASH_CONCURRENCY ?? Math.max(1, Math.floor(os.availableParallelism() / 2)), queue: s.HASH_QUEUE },
    passwordHashCost: s.PASSWORD_HASH_COST,
    buildCompression: s.BUILD_COMPRESSION,
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
    trustProxy,
    lookupBudget: s.LOOKUP_BUDGET,
    lookupAllowance: s.LOOKUP_ALLOWANCE,
    staffSessionMinutes: s.STAFF_SESSION_MINUTES,
    credentialSigningKey: s.CREDENTIAL_SIGNING_KEY,
    certificateIdPattern: s.CERTIFICATE_ID_PATTERN,
    demoCertificates: (s.DEMO_CERTIFICATES ?? (production ? 'off' : 'on')) === 'on',
    smtpUrl: s.SMTP_URL,
    outboxDir: resolve(s.MAIL_OUTBOX),
    mailFrom: s.MAIL_FROM,
    publicUrl: s.PUBLIC_URL,
  };
}

/**
 * The start of every link the server and its command-line tools write (mails, invitations): PUBLIC_URL (which
 * production requires), else this machine on PORT. Never the request's Host header, never data/site.json's address.
 */
export function publicAddress(settings: Pick<Settings, 'publicUrl' | 'port'>): string {
  return settings.publicUrl ?? `http://localhost:${settings.port}`;
}

/** The settings of this process, or it ends (exit 2) saying which one is wrong and what it takes. */
export function settingsOrExit(): Settings {
  try {
    return loadSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** The settings table of the README, from the schema: generated by codegen and checked like the types. */
export function settingsTable(): string {
  const schema = readSettingsSchema();
  const rows = Object.entries(schema.properties).map(([name, entry]) => {
    const fallback = entry['x-default'] ?? (entry.default === undefined ? '–' : `\`${String(entry.default)}\``);
    return `| \`${name}\` | ${fallback} | ${entry.description} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
