import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../engine/types.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailComposer } from '../mail/messages.ts';
import { accountRoutes } from '../routes/account.routes.ts';
import type { AuthRouteOptions } from '../routes/auth.routes.ts';
import { enquiryRoutes } from '../routes/enquiries.routes.ts';
import { newsletterRoutes } from '../routes/newsletter.routes.ts';
import { passwordResetRoutes } from '../routes/passwordReset.routes.ts';
import type { ScryptCost } from '../security/passwords.ts';
import { type MemberContext, readCourses } from './context.ts';
import { linkSigner } from './tokens.ts';

export interface MemberRouteOptions {
  db: Kysely<Database>;
  root: string;
  settings: SiteSettings;
  mailer: Mailer;
  publicUrl: string;
  rateLimits: boolean;
  scryptCost: ScryptCost;
  /** The log-in's wrong-password count per account, which the account page's password checks add to. */
  accountLimit: AuthRouteOptions['accountLimit'];
}

/** Enquiries, the newsletter, password resets and the account page's API: everything issue 18 added, registered in one place. */
export async function memberRoutes(app: FastifyInstance, options: MemberRouteOptions): Promise<void> {
  const context: MemberContext = {
    db: options.db,
    settings: options.settings,
    mailer: options.mailer,
    mails: mailComposer(options.settings, options.publicUrl),
    signer: await linkSigner(options.db),
    publicUrl: options.publicUrl,
    rateLimits: options.rateLimits,
  };
  await app.register(enquiryRoutes, { ...context, courses: readCourses(options.root) });
  await app.register(newsletterRoutes, context);
  await app.register(passwordResetRoutes, { ...context, scryptCost: options.scryptCost });
  await app.register(accountRoutes, { ...context, scryptCost: options.scryptCost, accountLimit: options.accountLimit });
}
