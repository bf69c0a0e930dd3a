import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeTempProject, projectRoot } from '../../tooling/projectCopy.ts';
import { type ServerProcess, startServer } from '../support/serverProcess.ts';
import { TEST_BUILD_ENV } from '../support/testBuilds.ts';

export interface Cluster {
  /** Why the cluster could not be started here (no PostgreSQL, no nginx, no openssl); the tests are skipped with it. */
  skip?: string;
  /** nginx over HTTPS, in front of both instances. */
  proxy: string;
  /** nginx's plain HTTP port, which sends visitors to HTTPS. */
  plainProxy: string;
  /** The self-signed certificate nginx serves (PEM), for the tests' client to trust. */
  certificate: string;
  /** Where nginx answers the certificate authority's HTTP challenge from (/.well-known/acme-challenge/). */
  acmeRoot: string;
  instances: string[];
  databaseUrl: string;
  /** The copy of the project the cluster serves (its dist/ is the instances' DIST_DIR and nginx's root): a release switch builds in it. */
  siteRoot: string;
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

/** Swaps one thing in the deploy file for the test's, and fails loudly if the file no longer has it. */
function swap(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`deploy/nginx/site.conf no longer has ${String(from)}; update the cluster test`);
  // A function, so that nothing in the test's paths is read as a replacement pattern.
  return text.replace(from, () => to);
}

/** A certificate for 127.0.0.1, made here (openssl), as certbot's would be for the site's name. */
function selfSignedCertificate(dir: string, openssl: string): { cert: string; key: string } {
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  return { cert, key };
}

/** deploy/nginx/site.conf as it is, but for the test's ports, certificate and build (the copy's DIST_DIR), inside a minimal nginx.conf of its own. */
function nginxConfig(
  dir: string,
  ports: { plain: number; secure: number },
  instancePorts: number[],
  tls: { cert: string; key: string },
  acmeRoot: string,
  distDir: string,
): string {
  let site = fs.readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'site.conf'), 'utf8');
  const upstreams = [...site.matchAll(/server 127\.0\.0\.1:(\d+)/g)];
  if (upstreams.length !== instancePorts.length) throw new Error('deploy/nginx/site.conf no longer names two instances; update the cluster test');
  instancePorts.forEach((instancePort, i) => {
    site = swap(site, `127.0.0.1:${upstreams[i]![1]}`, `127.0.0.1:${instancePort}`);
  });
  // The test listens on loopback only, on ports of its own.
  site = swap(site, /^\s*listen \[::\]:80;\n/m, '');
  site = swap(site, /^\s*listen \[::\]:443 ssl http2;\n/m, '');
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${ports.plain};`);
  site = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${ports.secure} ssl http2;`);
  site = swap(site, 'ssl_certificate /etc/letsencrypt/live/interncraft.in/fullchain.pem;', `ssl_certificate ${tls.cert};`);
  site = swap(site, 'ssl_certificate_key /etc/letsencrypt/live/interncraft.in/privkey.pem;', `ssl_certificate_key ${tls.key};`);
  site = swap(site, 'root /var/www/letsencrypt;', `root ${acmeRoot};`);
  site = swap(site, 'root /srv/site/dist/client;', `root ${path.join(distDir, 'client')};`);
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

/** Waits until something answers on the port (nginx has started). */
async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answered on port ${port}`);
}

/**
 * PostgreSQL, two instances of the server on one fresh database, and nginx in
 * front with the deploy/ configuration. Skipped, with the reason, where
 * PostgreSQL or nginx is missing, unless REQUIRE_CLUSTER is set (CI sets it).
 */
export default async function setup(project: TestProject) {
  const adminUrl = postgresUrl();
  const nginx = which('nginx');
  const openssl = which('openssl');
  const missing = !adminUrl
    ? 'PostgreSQL is not available (set TEST_DATABASE_URL)'
    : !nginx
      ? 'nginx is not installed (apt-get install nginx-light)'
      : !openssl
        ? 'openssl is not installed (apt-get install openssl), so there is no certificate for nginx'
        : undefined;
  if (missing) {
    if (process.env['REQUIRE_CLUSTER']) throw new Error(`REQUIRE_CLUSTER is set but ${missing}.`);
    console.warn(`Cluster tests skipped: ${missing}.`);
    project.provide('cluster', { skip: missing, proxy: '', plainProxy: '', certificate: '', acmeRoot: '', instances: [], databaseUrl: '', siteRoot: '' });
    return;
  }
  // The cluster serves a copy of the project, built here, so that a test can publish a new release to it (as a deploy
  // does) without touching this checkout's own dist/.
  const site = makeTempProject('cluster-site-');
  const distDir = path.join(site.root, 'dist');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: site.root,
    stdio: 'inherit',
    env: { ...process.env, ...TEST_BUILD_ENV, DIST_DIR: distDir },
  });

  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const env = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://interncraft.in',
    SHUTDOWN_TIMEOUT_MS: '5000',
    DIST_DIR: distDir,
  };
  // Started together, as after a deploy: both migrate and make the signing key at once, and must agree.
  const servers: ServerProcess[] = await Promise.all([startServer(env), startServer(env)]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-nginx-'));
  const ports = { plain: await freePort(), secure: await freePort() };
  const tls = selfSignedCertificate(dir, openssl!);
  const acmeRoot = path.join(dir, 'acme');
  fs.mkdirSync(acmeRoot);
  const config = nginxConfig(
    dir,
    ports,
    servers.map((s) => s.port),
    tls,
    acmeRoot,
    distDir,
  );
  const proxyProcess = spawn(nginx!, ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForPort(ports.secure);
  project.provide('cluster', {
    proxy: `https://127.0.0.1:${ports.secure}`,
    plainProxy: `http://127.0.0.1:${ports.plain}`,
    certificate: fs.readFileSync(tls.cert, 'utf8'),
    acmeRoot,
    instances: servers.map((s) => `http://127.0.0.1:${s.port}`),
    databaseUrl,
    siteRoot: site.root,
  });

  return async () => {
    proxyProcess.kill('SIGQUIT');
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    fs.rmSync(dir, { recursive: true, force: true });
    site.remove();
  };
}
