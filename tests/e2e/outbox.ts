import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { expect } from './fixtures.ts';

/** The test server's outbox and database (playwright.config.ts names both). */
const outboxDir = () => process.env['E2E_OUTBOX']!;
const databaseFile = () => process.env['E2E_SQLITE_FILE']!;

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Quoted-printable, as nodemailer writes a text with long lines or ₹ in it. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes a header with letters outside ASCII (a Hindi subject). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_whole, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding');
  const text = /quoted-printable/i.test(encoding)
    ? decodeQuotedPrintable(body)
    : /base64/i.test(encoding)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
  return { file, to: header('To'), subject: decodeHeader(header('Subject')), text };
}

/** The newest mail in the outbox to this address whose subject holds `subject`, if there is one. */
export function latestMail(to: string, subject: string): OutboxMail | undefined {
  const files = fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml')) : [];
  const mails = files.sort().map((f) => readMail(path.join(outboxDir(), f)));
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject.includes(subject)).at(-1);
}

/** Waits for a mail to this address whose subject holds `subject` (the newest, if there are several). */
export async function waitForMail(to: string, subject: string): Promise<OutboxMail> {
  await expect.poll(() => Boolean(latestMail(to, subject)), { message: `a mail to ${to} about "${subject}" in the outbox` }).toBe(true);
  return latestMail(to, subject)!;
}

/** The path and query of the first link in a mail that contains `part` (the links name the test server). */
export function linkIn(mail: OutboxMail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no link with ${part} in ${mail.file}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A look into the test server's database, to check what a flow left there. */
export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new BetterSqlite3(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function change(sql: string, ...params: unknown[]): void {
  const db = new BetterSqlite3(databaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** `npm run enquiries -- …` on the test server's database. */
export async function enquiriesCli(...args: string[]): Promise<string> {
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const { stdout } = await promisify(execFile)(tsx, [path.join(projectRoot, 'server', 'cli', 'enquiries.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, SQLITE_FILE: databaseFile(), DATABASE_URL: '' },
  });
  return stdout;
}

/** An address no other test uses. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}
