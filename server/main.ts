import { buildApp } from './app.ts';

const port = Number(process.env['PORT'] ?? 5000);
const host = process.env['HOST'] ?? '0.0.0.0';
const app = await buildApp({ logger: process.env['LOG'] !== 'off' });
await app.listen({ port, host });
console.log(`Serving the site at http://localhost:${port}`);
