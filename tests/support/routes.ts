import type { FastifyInstance } from 'fastify';

/** Every route the app has, from Fastify's printed tree (a child's path is its parent's and its own): method and path. */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = url;
    for (const method of match[3]!.split(',').map((m) => m.trim())) if (method !== 'HEAD') out.push({ method, url });
  }
  return out;
}
