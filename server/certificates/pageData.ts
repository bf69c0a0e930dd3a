import type { Kysely } from 'kysely';
import { certificateIdFromPath } from '../../engine/shared/certificateId.ts';
import type { SiteSettings } from '../../engine/types.ts';
import type { Database } from '../db/schema.ts';
import type { PageDataLoader } from '../pageRenderer.ts';
import { budgetMessage } from '../routes/certificates.routes.ts';
import type { LookupBudget } from '../security/lookupBudget.ts';
import { toVerified, verifyIds } from './verification.ts';

/**
 * The certificate a page's address names (/certificate/IC25/123456), looked up
 * as the API does, on the same budget: 404 when no certificate has the ID,
 * 429 when the client's budget of lookups that find nothing is spent.
 */
export function certificatePageData(db: Kysely<Database>, budget: LookupBudget, settings: SiteSettings): PageDataLoader {
  return async ({ page, pathname, request }) => {
    const typed = certificateIdFromPath(pathname, page.path)?.trim();
    if (!typed) return { status: 404, data: {} };
    const result = await verifyIds(db, budget, request.ip, [typed]);
    if (!result.ok) return { status: 429, data: { certificate: { typed, found: null, message: budgetMessage(settings, result.retryAfterMs) } } };
    const found = result.found[0]?.certificate;
    return { status: found ? 200 : 404, data: { certificate: { typed, found: found ? toVerified(found, result.checkedAt) : null } } };
  };
}
