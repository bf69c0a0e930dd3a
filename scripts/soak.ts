/**
 * npm run soak [-- --minutes 5]: the API server under a steady load of
 * verifications (the bench's goal: 1,000 a second at a million certificates)
 * and log-ins for a set time, its memory sampled every few seconds. Passes
 * when no request was answered with an error, verify's p99 is within the goal
 * and memory is flat: the heap at the end within a small margin of the heap
 * after warm-up.
 */
import path from 'node:path';
import { median } from '../tooling/benchStats.ts';
import { OFFERED_RATE, offered, P99_TARGET_MS, postEach, randomVerifyBody, run, signUpBenchUser, startServer } from './bench/apiBench.ts';
import { certificateDatabase } from './bench/certificateDb.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const minutes = option('minutes', 5);
const verifyRate = option('verify-rate', OFFERED_RATE);
const loginRate = option('login-rate', 1);
const seconds = Math.max(10, Math.round(minutes * 60));
const certificates = 1_000_000;
// The live heap (sampled after a full collection) may grow by this much from the first fifth of the run to the last.
const ALLOWED_GROWTH_MB = 5;

const root = path.resolve(import.meta.dirname, '..');
const file = await certificateDatabase(path.join(root, '.cache', 'bench'), certificates);
const server = await startServer(file, { MEMORY_EVERY_MS: '5000' }, ['--expose-gc']);
const samples: { at: number; heapMb: number; rssMb: number }[] = [];
let buffered = '';
server.process.stdout!.on('data', (chunk: Buffer) => {
  buffered += chunk.toString();
  const lines = buffered.split('\n');
  buffered = lines.pop()!;
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    const { memory, at } = JSON.parse(line) as { memory: NodeJS.MemoryUsage; at: number };
    samples.push({ at, heapMb: memory.heapUsed / 2 ** 20, rssMb: memory.rss / 2 ** 20 });
  }
});

try {
  const loginBody = await signUpBenchUser(server.url);
  console.log(
    `soak: ${minutes} min, verify at ${verifyRate}/s (10 IDs each, ${certificates.toLocaleString('en-US')} certificates), log-ins at ${loginRate}/s (real scrypt)…`,
  );
  const started = Date.now();
  const [verify, logins] = await Promise.all([
    run(offered(postEach(`${server.url}/api/certificates/verify`, randomVerifyBody(certificates), seconds, 10), verifyRate)),
    run(
      offered(
        postEach(`${server.url}/api/auth/login`, () => loginBody, seconds, 1),
        loginRate,
      ),
    ),
  ]);
  const elapsed = (Date.now() - started) / 1000;

  const warm = samples.filter((s) => s.at - started > seconds * 200); // after the first fifth
  const fifth = Math.max(1, Math.floor(warm.length / 5));
  const early = median(warm.slice(0, fifth).map((s) => s.heapMb));
  const late = median(warm.slice(-fifth).map((s) => s.heapMb));
  const rssEarly = median(warm.slice(0, fifth).map((s) => s.rssMb));
  const rssLate = median(warm.slice(-fifth).map((s) => s.rssMb));

  console.log(`\n| | requests | req/s | p50 (ms) | p99 (ms) | errors |\n| --- | --- | --- | --- | --- | --- |`);
  console.log(
    `| verify | ${Math.round(verify.requestsPerSecond * elapsed)} | ${verify.requestsPerSecond.toFixed(0)} | ${verify.p50Ms} | ${verify.p99Ms} | ${verify.errors} |`,
  );
  console.log(
    `| log-in | ${Math.round(logins.requestsPerSecond * elapsed)} | ${logins.requestsPerSecond.toFixed(1)} | ${logins.p50Ms} | ${logins.p99Ms} | ${logins.errors} |`,
  );
  console.log(
    `\nmemory (${samples.length} samples, every 5 s, after a full collection): heap ${early.toFixed(1)} MB after warm-up → ${late.toFixed(1)} MB at the end; RSS ${rssEarly.toFixed(0)} → ${rssLate.toFixed(0)} MB`,
  );
  console.log(
    `heap over time (MB): ${samples
      .filter((_, i) => i % Math.max(1, Math.floor(samples.length / 12)) === 0)
      .map((s) => s.heapMb.toFixed(1))
      .join(' ')}`,
  );

  const failures: string[] = [];
  if (verify.errors + logins.errors > 0) failures.push(`${verify.errors + logins.errors} requests answered with an error`);
  if (verify.p99Ms >= P99_TARGET_MS) failures.push(`verify p99 ${verify.p99Ms} ms (the goal is below ${P99_TARGET_MS} ms)`);
  if (warm.length < 2) failures.push('too few memory samples (run for at least a minute)');
  else if (late - early > ALLOWED_GROWTH_MB) failures.push(`heap grew by ${(late - early).toFixed(1)} MB (allowed ${ALLOWED_GROWTH_MB})`);
  if (failures.length > 0) {
    console.error(`\nsoak: FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\nsoak: passed: no error answered, verify p99 below ${P99_TARGET_MS} ms, memory flat`);
  }
} finally {
  await server.stop();
}
