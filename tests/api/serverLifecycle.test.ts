import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { TEST_SCRYPT } from '../support/apiApp.ts';
import { startServer } from '../support/serverProcess.ts';
import { smallBuild } from '../support/smallBuild.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface LogLine {
  level: number;
  msg: string;
}

async function listening(options: { distDir?: string; requestTimeoutMs?: number } = {}) {
  const handle = await openDatabase({ sqliteFile: ':memory:' });
  const lines: LogLine[] = [];
  const app = await buildApp({
    database: handle,
    root: projectRoot,
    rateLimits: false,
    scryptCost: TEST_SCRYPT,
    logger: { stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    await handle.close();
  });
  const address = app.server.address() as net.AddressInfo;
  return { app, port: address.port, lines };
}

/** Sends a request and closes the connection as soon as the first bytes of the answer arrive, as a visitor who leaves does. */
function abortedDownload(port: number, requestPath: string, headers = ''): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`));
    socket.once('data', () => {
      socket.resetAndDestroy();
      resolve();
    });
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
  });
}

/** Raw bytes of an HTTP exchange, until the server closes the connection or `ms` pass. */
function rawExchange(port: number, write: (socket: net.Socket) => void, ms: number): Promise<{ answer: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => write(socket));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: undefined });
    }, ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    socket.on('error', () => undefined);
  });
}

async function settle(app: FastifyInstance) {
  // The server logs a closed stream once the socket's close has been seen; give it a turn.
  await new Promise((r) => setTimeout(r, 200));
  return app;
}

describe('a download the visitor abandons', () => {
  it('is not an error in the log, for pages, assets and the not-found page, compressed or not', async () => {
    const build = smallBuild();
    cleanups.push(build.remove);
    const { app, port, lines } = await listening({ distDir: build.dist });
    for (const requestPath of ['/', '/assets/app.js', '/no-such-page']) {
      for (const headers of ['', 'Accept-Encoding: gzip, br\r\n']) await abortedDownload(port, requestPath, headers);
    }
    await settle(app);
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(6);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    // And the server goes on answering.
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBeGreaterThan(1_000_000);
  });
});

describe('a request sent slowly', () => {
  it('is cut off at the request timeout: a body that never finishes does not hold a connection for ever', async () => {
    const { port } = await listening({ requestTimeoutMs: 600 });
    const { answer, closedAfterMs } = await rawExchange(
      port,
      (socket) => {
        socket.write('POST /api/certificates/verify HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"certi');
        // A byte now and then: still sending, never finished.
        const drip = setInterval(() => socket.write(' '), 100);
        socket.on('close', () => clearInterval(drip));
      },
      5_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(3_000);
  });

  it('is also cut off when its headers never finish', async () => {
    const { port } = await listening({ requestTimeoutMs: 600 });
    const { closedAfterMs } = await rawExchange(
      port,
      (socket) => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
        const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
        socket.on('close', () => clearInterval(drip));
      },
      5_000,
    );
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(3_000);
  });
});

describe('health checks for a proxy', () => {
  it('answers /healthz while the process runs and /readyz while its database answers', async () => {
    const { port } = await listening();
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

// Each test starts the real server as a process of its own (tsx compiles it first): seconds on a quiet machine, more on a busy one.
describe('stopping (SIGTERM)', { timeout: 120_000 }, () => {
  /** A verification whose body is sent in two halves, the second `ms` after the first. */
  function slowVerify(port: number, secondHalfAfterMs: number | undefined) {
    const body = JSON.stringify({ certificateIDs: ['IC25/123456'] });
    return rawExchange(
      port,
      (socket) => {
        socket.write(`POST /api/certificates/verify HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
        socket.write(body.slice(0, 10));
        if (secondHalfAfterMs !== undefined) setTimeout(() => socket.write(body.slice(10)), secondHalfAfterMs);
      },
      15_000,
    );
  }

  async function serverWithBuild(env: Record<string, string> = {}) {
    const build = smallBuild();
    cleanups.push(build.remove);
    const server = await startServer({ DIST_DIR: build.dist, SQLITE_FILE: ':memory:', ...env });
    cleanups.push(() => {
      server.child.kill('SIGKILL');
    });
    return server;
  }

  it('finishes the requests in flight, refuses new connections, and exits 0', async () => {
    const server = await serverWithBuild();
    const inFlight = slowVerify(server.port, 700);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const late = await fetch(`http://127.0.0.1:${server.port}/healthz`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(late).toBe('refused');
    const { answer } = await inFlight;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"certificateID":"IC25/123456"');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(5_000);
  });

  it('exits within SHUTDOWN_TIMEOUT_MS when a request never finishes, saying so', async () => {
    const server = await serverWithBuild({ SHUTDOWN_TIMEOUT_MS: '1500' });
    void slowVerify(server.port, undefined);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1_400);
    expect(at - signalled).toBeLessThan(4_000);
    expect(server.output()).toContain('Requests were still running 1500 ms after the stop signal; stopping anyway.');
  });
});
