import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accountRoutes.ts';
import { authRoutes } from './authRoutes.ts';
import { registerAccountMails } from './mails.ts';
import { resetRoutes } from './resetRoutes.ts';
import { passwordCheck } from './service.ts';

/** Accounts: sign-up, log-in, sessions, password resets and the account area (registered by the app). */
export async function accountsFeature(app: FastifyInstance): Promise<void> {
  const passwords = await passwordCheck(app);
  registerAccountMails(app);
  await app.register(authRoutes, { passwords });
  await app.register(resetRoutes);
  await app.register(accountRoutes, { passwords });
}
