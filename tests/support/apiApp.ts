import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Certificate } from '../../engine/types.ts';
import { type AppOptions, buildApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { upsertCertificates } from '../../server/features/certificates/index.ts';
import type { Allowances } from '../../server/limits/allowances.ts';
import { TEST_SCRYPT } from '../../server/security/passwords.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import type { Backend } from './databases.ts';
import { type Mailbox, mailbox } from './mailbox.ts';

/** Cheap hashing for tests that only need *a* hash (the server's PASSWORD_HASH_COST=test); the OWASP cost has a test of its own. */
export { TEST_SCRYPT };

export function demoCertificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    certificateID: 'IC25/123456',
    studentName: 'Aarav Sharma',
    regNo: 'REG2025CS0142',
    college: 'NIT Patna',
    courseName: 'Web Development Internship',
    marks: '92%',
    issueDate: '2025-03-05',
    ...overrides,
  };
}

export async function apiApp(
  handle: DatabaseHandle,
  options: {
    /** The request and account limits: off unless given (true: as in production; or with these allowances changed). */
    rateLimits?: boolean | Partial<Allowances>;
    certificates?: Certificate[];
  } & Pick<AppOptions, 'allowances' | 'trustProxy' | 'signingKey' | 'mailer' | 'publicUrl' | 'hashing' | 'applyables' | 'payables'> = {},
): Promise<FastifyInstance> {
  const { certificates, rateLimits = false, allowances, ...rest } = options;
  if (certificates?.length) await upsertCertificates(handle.db, certificates);
  // Mail stays in memory unless a test gives its own mailer: nothing is written into the project's outbox.
  const app = await buildApp({
    database: handle,
    root: projectRoot,
    rateLimits: rateLimits !== false,
    allowances: { ...(typeof rateLimits === 'object' ? rateLimits : {}), ...allowances },
    scryptCost: TEST_SCRYPT,
    mailer: mailbox(),
    ...rest,
  });
  await app.ready();
  return app;
}

export const json = { 'content-type': 'application/json' };

/** An app of a describe block on a fresh database of `backend`, its mail kept in a mailbox the tests read. */
export interface MailingSuite {
  app: FastifyInstance;
  handle: DatabaseHandle;
  mail: Mailbox;
  /** A JSON POST, with a member's session when given, then whatever mail it queued sent (the queue's worker would within seconds). */
  post(
    url: string,
    payload: unknown,
    options?: { session?: string | undefined; headers?: Record<string, string>; remoteAddress?: string | undefined },
  ): Promise<LightMyRequestResponse>;
}

/** Makes the block's app before its tests and closes it and its database after them. */
export function mailingSuite(backend: Backend): MailingSuite {
  let dispose: (() => Promise<void>) | undefined;
  const suite = {
    async post(url, payload, options = {}) {
      const response = await suite.app.inject({
        method: 'POST',
        url,
        headers: options.headers ?? json,
        payload: JSON.stringify(payload),
        ...(options.session ? { cookies: { ic_session: options.session } } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
      await suite.app.mailQueue.drain();
      return response;
    },
  } as MailingSuite;
  beforeAll(async () => {
    const opened = await backend.open();
    suite.handle = opened.handle;
    dispose = opened.dispose;
    suite.mail = mailbox();
    suite.app = await apiApp(opened.handle, { mailer: suite.mail, publicUrl: 'https://interncraft.in' });
  });
  afterAll(async () => {
    await suite.app?.close();
    await dispose?.();
  });
  return suite;
}
