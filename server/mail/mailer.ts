import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message: plain text (it reads the same in every mail app, and nothing in it can run). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe on newsletter mails. */
  headers?: Record<string, string>;
  /** What the mail is (enrolment, newsletter-confirm, password-reset): names the outbox file. */
  kind: string;
  /** Files sent with it (a receipt's PDF), as base64: the queue keeps a composed mail as JSON until it is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** The mail as nodemailer takes it. */
function message({ to, subject, text, headers, attachments }: Mail) {
  return {
    to,
    subject,
    text,
    ...(headers ? { headers } : {}),
    ...(attachments?.length
      ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.base64, encoding: 'base64' })) }
      : {}),
  };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up line: the SMTP server without its password, or the outbox folder. */
  readonly destination: string;
  close(): void;
}

export interface MailSettings {
  /** smtp://user:pass@host:587 or smtps://…:465; without one, mail is written to the outbox folder. */
  smtpUrl?: string | undefined;
  /** Where mail is written when there is no SMTP server (.data/outbox by default). */
  outboxDir: string;
  /** The sender, such as "InternCraft <info@interncraft.in>". */
  from: string;
}

export function defaultOutboxDir(root = process.cwd()): string {
  return path.join(root, '.data', 'outbox');
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'SMTP (unparsable SMTP_URL)';
  }
}

/**
 * The site's one way to send mail (nodemailer). With an SMTP server it sends
 * there, waiting at most about half a minute for it; without one, each
 * message is written to the outbox folder as an .eml file any mail app opens,
 * so nothing is lost on a machine with no mail set up.
 */
export function createMailer(settings: MailSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(
      { url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
      { from: settings.from },
    );
    return {
      destination: withoutPassword(settings.smtpUrl),
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: settings.from });
  // Mails hold reset and confirmation links: the outbox folder is the server user's alone (0700), as it is made and,
  // if an older version made it readable by all, from this start on.
  if (fs.existsSync(settings.outboxDir)) fs.chmodSync(settings.outboxDir, 0o700);
  return {
    destination: settings.outboxDir,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      const kind = mail.kind;
      await fs.promises.mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}-${randomBytes(4).toString('hex')}.eml`;
      // Written whole under another name first: whoever reads the outbox never sees half a message.
      const temporary = path.join(settings.outboxDir, `.${name}.part`);
      await fs.promises.writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await fs.promises.rename(temporary, path.join(settings.outboxDir, name));
    },
    close: () => transport.close(),
  };
}

/**
 * Sends a mail; a failure is reported as false, never thrown. The log gets
 * nodemailer's error code and the server's reply code only: its messages can
 * hold the recipient's address.
 */
export async function trySend(mailer: Mailer, log: { error(details: object, message: string): void }, mail: Mail): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (error) {
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    log.error({ mail: mail.kind, code, responseCode }, 'mail not sent');
    return false;
  }
}

/** An address on the public site, for a mail's links: the public address given, never the request's Host. */
export function siteLink(publicUrl: string, pathAndQuery: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${encodeURI(pathAndQuery)}`;
}
