import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const probe = path.join(import.meta.dirname, 'tickShapeProbe.ts');

async function runProbe(mode: 'keep' | 'none'): Promise<{ before: boolean; after: boolean }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', probe, mode], {
    cwd: path.resolve(import.meta.dirname, '..', '..', '..'),
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { before: boolean; after: boolean };
}

// Without the held tick object (the probe's "none"), Node 20 prints {"before":true,"after":false}:
// the collections take nextTick's optimised code with them (see keepTickShape).
it('process.nextTick keeps its optimised code through full collections once a tick object is held', async () => {
  expect(await runProbe('keep')).toEqual({ before: true, after: true });
});
