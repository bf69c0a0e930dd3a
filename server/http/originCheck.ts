import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requests that change state must come from our own pages: a browser sends
 * Origin (and Sec-Fetch-Site) with every POST, so a foreign one is refused.
 * Checked on every request that is not a read, whatever its path, so no
 * spelling of an address (/%61pi/…) the router decodes can step round it.
 * Requests without either header (curl, a mail provider's one-click
 * unsubscribe) carry no cookies from a victim's browser and are let through.
 */
export function originCheck(allowedOrigins: readonly string[]) {
  return async function checkOrigin(request: FastifyRequest): Promise<void> {
    if (SAFE.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    const allowed = origin === undefined || origin === own || allowedOrigins.includes(origin);
    if (fetchSite === 'cross-site' || !allowed) throw new ApiError('FOREIGN_ORIGIN');
  };
}
