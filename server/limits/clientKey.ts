import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Who a limit counts against: the client's address as the trusted proxies
 * report it (Fastify's request.ip), an IPv6 address by its /64, which one
 * household or phone is given whole, so it cannot take a fresh allowance per
 * address. The request limits and the lookup budget both count by it.
 */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}
