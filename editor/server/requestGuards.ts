import type { FastifyReply, FastifyRequest } from 'fastify';
import { EditorError } from './errors.ts';

/**
 * The editor writes into the project, so it answers only this computer and
 * only its own pages: it listens on 127.0.0.1, and every request must come
 * from a loopback address, name a loopback host (a web page cannot reach it
 * through a DNS name pointed at 127.0.0.1) and, when the browser says where it
 * comes from, come from the editor's own origin.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(address);
}

/** Why a request is refused, or undefined when it may go on. */
export function refusal(
  request: { remoteAddress: string | undefined; host: string | undefined; origin: string | undefined; fetchSite: string | undefined },
  port: number,
): EditorError | undefined {
  if (!isLoopbackAddress(request.remoteAddress)) return new EditorError('NOT_THIS_COMPUTER');
  const host = request.host ?? '';
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
  if (!match || !LOOPBACK_HOSTS.has(match[1]!.toLowerCase()) || Number(match[2] ?? 80) !== port) {
    return new EditorError('WRONG_HOST', { port, host: JSON.stringify(host) });
  }
  if (request.origin !== undefined && !allowedOrigins(port).has(request.origin.toLowerCase())) {
    return new EditorError('OTHER_ORIGIN', { origin: request.origin });
  }
  // Browsers say where a request without an Origin comes from (an <img> or <script> on another site).
  if (request.fetchSite !== undefined && request.fetchSite !== 'same-origin' && request.fetchSite !== 'none') {
    return new EditorError('OTHER_SITE');
  }
  return undefined;
}

function allowedOrigins(port: number): Set<string> {
  return new Set([...LOOPBACK_HOSTS].map((host) => `http://${host}:${port}`));
}

/** Fastify's onRequest hook: refuses (403, a code of the catalogue) and says why, before any route or the page server sees the request. */
export function guardRequests(port: () => number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const why = refusal(
      { remoteAddress: request.raw.socket.remoteAddress, host: header('host'), origin: header('origin'), fetchSite: header('sec-fetch-site') },
      port(),
    );
    if (why) return reply.code(why.statusCode).type('application/json; charset=utf-8').send(why.answer);
  };
}
