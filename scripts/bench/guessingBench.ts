import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './apiBench.ts';

export interface GuessingResult {
  seconds: number;
  /** Requests sent, and how many were answered (200) or refused (429). */
  requests: number;
  answered: number;
  refused: number;
  /** IDs that found nothing and were answered: what guessing learns. */
  idsTried: number;
  /** What the server said the first time it refused. */
  firstRefusal: string | undefined;
}

/**
 * A client that guesses certificate IDs as fast as the server lets it: each
 * request as many made-up IDs as the API takes, each with a new
 * X-Forwarded-For (a spoofed address), against the server with its production
 * limits on. Counts the IDs the server answered.
 */
export async function benchGuessing(seconds: number, idsPerRequest = 10, baseUrl?: string): Promise<GuessingResult> {
  // A database of its own: the budget is kept in the database, and an earlier run's guesses would count.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-guessing-'));
  const server = baseUrl ? undefined : await startServer(path.join(dir, 'site.db'), { RATE_LIMITS: 'on' });
  const url = `${baseUrl ?? server!.url}/api/certificates/verify`;
  const result: GuessingResult = { seconds, requests: 0, answered: 0, refused: 0, idsTried: 0, firstRefusal: undefined };
  let next = 5_000_000;
  try {
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      const ids = Array.from({ length: idsPerRequest }, () => `ZZ26/${String(next++)}`);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(result.requests >> 16) & 255}.${(result.requests >> 8) & 255}.${result.requests & 255}`,
        },
        body: JSON.stringify({ certificateIDs: ids }),
      });
      result.requests++;
      if (response.status === 200) {
        result.answered++;
        result.idsTried += ids.length;
      } else if (response.status === 429) {
        result.refused++;
        result.firstRefusal ??= ((await response.json()) as { message: string }).message;
        continue;
      }
      await response.arrayBuffer();
    }
    return result;
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// By hand, against any running server: npx tsx scripts/bench/guessingBench.ts http://127.0.0.1:5000 60 50
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, seconds = '60', ids = '10'] = process.argv.slice(2);
  console.log(JSON.stringify(await benchGuessing(Number(seconds), Number(ids), base || undefined)));
}
