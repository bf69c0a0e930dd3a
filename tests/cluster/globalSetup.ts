import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { type ServerProcess, startServer } from '../support/serverProcess.ts';

export interface Cluster {
  /** Why the cluster could not be started here (no PostgreSQL, no nginx); the tests are skipped with it. */
  skip?: string;
  /** nginx, in front of both instances. */
  proxy: string;
  instances: string[];
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: Cluster;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function which(command: string): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const candidate = path.join(dir, command);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** PostgreSQL: the one named by TEST_DATABASE_URL (CI starts it), or Debian's cluster started here when we may. */
function postgresUrl(): string | undefined {
  if (process.env['TEST_DATABASE_URL']) return process.env['TEST_DATABASE_URL'];
  if (process.getuid?.() !== 0 || !which('pg_lsclusters')) return undefined;
  const started = spawnSync('bash', [path.join(projectRoot, '.ci', 'start-postgres.sh')], { encoding: 'utf8' });
  return started.status === 0 ? started.stdout.trim().split('\n').at(-1) : undefined;
}

/** deploy/nginx/site.conf as it is, but for the test's ports and build, inside a minimal nginx.conf of its own. */
function nginxConfig(dir: string, port: number, instancePorts: number[]): string {
  let site = fs.readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'site.conf'), 'utf8');
  const upstreams = [...site.matchAll(/server 127\.0\.0\.1:(\d+)/g)];
  if (upstreams.length !== instancePorts.length) throw new Error('deploy/nginx/site.conf no longer names two instances; update the cluster test');
  instancePorts.forEach((instancePort, i) => {
    site = site.replace(`127.0.0.1:${upstreams[i]![1]}`, `127.0.0.1:${instancePort}`);
  });
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${port};`).replace('root /srv/site/dist/client;', `root ${path.join(projectRoot, 'dist', 'client')};`);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const main = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, main);
  return file;
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}/healthz never answered`);
}

/**
 * PostgreSQL, two instances of the server on one fresh database, and nginx in
 * front with the deploy/ configuration. Skipped, with the reason, where
 * PostgreSQL or nginx is missing, unless REQUIRE_CLUSTER is set (CI sets it).
 */
export default async function setup(project: TestProject) {
  const adminUrl = postgresUrl();
  const nginx = which('nginx');
  const missing = !adminUrl
    ? 'PostgreSQL is not available (set TEST_DATABASE_URL)'
    : !nginx
      ? 'nginx is not installed (apt-get install nginx-light)'
      : undefined;
  if (missing) {
    if (process.env['REQUIRE_CLUSTER']) throw new Error(`REQUIRE_CLUSTER is set but ${missing}.`);
    console.warn(`Cluster tests skipped: ${missing}.`);
    project.provide('cluster', { skip: missing, proxy: '', instances: [], databaseUrl: '' });
    return;
  }
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'prerender-manifest.json'))) {
    execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  }

  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1', NODE_ENV: 'production', SHUTDOWN_TIMEOUT_MS: '5000' };
  // Started together, as after a deploy: both migrate and make the signing key at once, and must agree.
  const servers: ServerProcess[] = await Promise.all([startServer(env), startServer(env)]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-nginx-'));
  const port = await freePort();
  const config = nginxConfig(
    dir,
    port,
    servers.map((s) => s.port),
  );
  const proxyProcess = spawn(nginx!, ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const proxy = `http://127.0.0.1:${port}`;
  await waitForHealth(proxy);
  project.provide('cluster', { proxy, instances: servers.map((s) => `http://127.0.0.1:${s.port}`), databaseUrl });

  return async () => {
    proxyProcess.kill('SIGQUIT');
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
