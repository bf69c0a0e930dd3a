import type { FastifyInstance } from 'fastify';
import { certificateIdFromPath } from '../../../engine/shared/certificateId.ts';
import { ApiError, errorAnswer } from '../../errors.ts';
import type { PageDataLoader } from '../pages/index.ts';
import { programmeCatalogue } from './programmes.ts';
import { toVerified, verifyIds } from './service.ts';

/**
 * The certificate a page's address names (/certificate/IC25/123456), looked up
 * as the API does, on the same budget: 404 when no certificate has the ID,
 * 429 when the client's budget of lookups that find nothing is spent.
 */
export function certificatePageData(app: FastifyInstance): PageDataLoader {
  return async ({ page, pathname, request }) => {
    const typed = certificateIdFromPath(pathname, page.path)?.trim();
    if (!typed) return { status: 404, data: {} };
    try {
      const result = await verifyIds(app, request, [typed]);
      const found = result.found[0]?.certificate;
      return {
        status: found ? 200 : 404,
        data: { certificate: { typed, found: found ? toVerified(found, result.checkedAt, programmeCatalogue(app.root)) : null } },
      };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'LOOKUP_BUDGET_SPENT') throw error;
      const { body } = errorAnswer(app.site.ui, error.code, error.values);
      return { status: 429, data: { certificate: { typed, found: null, message: body.message } } };
    }
  };
}
