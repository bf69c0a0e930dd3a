import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Course, PublicUser, SiteSettings } from '../../engine/types.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailComposer } from '../mail/messages.ts';
import { userForSession } from '../repositories/sessions.ts';
import { SESSION_COOKIE } from '../routes/auth.routes.ts';
import type { LinkSigner } from './tokens.ts';

/** What the enquiry, newsletter, password reset and account routes share. */
export interface MemberContext {
  db: Kysely<Database>;
  settings: SiteSettings;
  mailer: Mailer;
  mails: MailComposer;
  signer: LinkSigner;
  /** The site's public address, for links in mails (never the request's Host header, which a client chooses). */
  publicUrl: string;
  /** false turns the rate limits off (tests and benchmarks only). */
  rateLimits: boolean;
}

/** A per-route limit, per client, in Fastify's route config (the store is the one app.ts registers, shared like the others). */
export function limit(context: MemberContext, max: number, timeWindow: string): { rateLimit?: { max: number; timeWindow: string } } {
  return context.rateLimits ? { rateLimit: { max, timeWindow } } : {};
}

/** The logged-in member of this request, or null. */
export function sessionUser(context: MemberContext, request: FastifyRequest): Promise<PublicUser | null> {
  return userForSession(context.db, request.cookies[SESSION_COOKIE]);
}

/** The logged-in member, or a 401 sent (the caller returns when it gets null). */
export async function requireUser(context: MemberContext, request: FastifyRequest, reply: FastifyReply): Promise<PublicUser | null> {
  const user = await sessionUser(context, request);
  if (!user) {
    await reply.code(401).send({ message: 'You are not logged in. Log in and try again.' });
    return null;
  }
  return user;
}

/** The catalogue courses (data/courses.json), which enrolments name by id. Read once at start; the build has checked them. */
export function readCourses(root: string): Course[] {
  return (JSON.parse(fs.readFileSync(path.join(root, 'data', 'courses.json'), 'utf8')) as { items: Course[] }).items;
}

/** An address on the public site: the mails' links. */
export function siteLink(context: MemberContext, pathAndQuery: string): string {
  return `${context.publicUrl.replace(/\/+$/, '')}${encodeURI(pathAndQuery)}`;
}

/**
 * Sends a mail; a failure is reported as false, never thrown. The log gets
 * nodemailer's error code and the server's reply code only: its messages can
 * hold the recipient's address.
 */
export async function trySend(context: MemberContext, request: FastifyRequest, mail: Parameters<Mailer['send']>[0]): Promise<boolean> {
  try {
    await context.mailer.send(mail);
    return true;
  } catch (error) {
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    request.log.error({ mail: mail.kind, code, responseCode }, 'mail not sent');
    return false;
  }
}
