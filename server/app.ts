import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { siteRoutes } from './routes/site.routes.ts';

export interface AppOptions {
  /** The build output: dist/ with client/ and prerender-manifest.json. */
  distDir?: string;
  logger?: boolean;
}

/** The app factory: every test builds its own instance and talks to it with inject(). */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const distDir = options.distDir ?? path.resolve('dist');
  const app = Fastify({
    logger: options.logger ? { level: 'info', redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] } : false,
    bodyLimit: 16 * 1024,
    trustProxy: true,
  });
  await app.register(siteRoutes, { distDir });
  return app;
}
