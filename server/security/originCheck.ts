import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requests that change state must come from our own pages: a browser sends
 * Origin (and Sec-Fetch-Site) with every POST, so a foreign one is refused.
 * Requests without either header (curl, server-to-server) carry no cookies
 * from a victim's browser and are let through.
 */
export function makeOriginCheck(allowedOrigins: readonly string[]) {
  return async function originCheck(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    const allowed = origin === undefined || origin === own || allowedOrigins.includes(origin);
    if (fetchSite === 'cross-site' || !allowed) {
      return reply.code(403).send({ message: 'This request came from another website and was refused.' });
    }
  };
}
