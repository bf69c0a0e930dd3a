import type { FastifyInstance } from 'fastify';
import type { Certificate } from '../../engine/types.ts';
import { type AppOptions, buildApp, type RateLimits } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { upsertCertificates } from '../../server/repositories/certificates.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

/** Cheap hashing for tests that only need *a* hash; the OWASP cost has a test of its own. */
export const TEST_SCRYPT = { N: 2 ** 12, r: 8, p: 1 };

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
  options: { rateLimits?: RateLimits | false; certificates?: Certificate[] } & Pick<AppOptions, 'lookupBudget' | 'trustProxy' | 'signingKey'> = {},
): Promise<FastifyInstance> {
  const { certificates, rateLimits, ...rest } = options;
  if (certificates?.length) await upsertCertificates(handle.db, certificates);
  const app = await buildApp({ database: handle, root: projectRoot, rateLimits: rateLimits ?? false, scryptCost: TEST_SCRYPT, ...rest });
  await app.ready();
  return app;
}

export const json = { 'content-type': 'application/json' };
