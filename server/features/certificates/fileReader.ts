import { Worker } from 'node:worker_threads';
import { ApiError } from '../../errors.ts';
import { CONSOLE_ROWS } from './certificateFile.ts';
import type { FileJob, FileReading } from './fileReading.ts';

/**
 * Certificate files for the console, read in a worker thread, one at a time, `queue` more waiting their turn.
 * Reading a 2 MB file (parsing, checking 15,000 rows) is a second of a core: on the request thread it held every
 * other answer, /healthz too, that long (9 s for a header of commas before FILE_BOUNDS). In a worker the request
 * thread only sends the text and takes the certificates back. One at a time, because a machine of two cores keeps
 * the other for pages and verifications; imports are a few a day, so four waiting is plenty, and more are refused
 * at once (503, Retry-After) rather than each holding its 2 MB while it waits. The worker starts at the first file
 * (a second or two: tsx and the schemas) and stays for the next, not holding the process open.
 */
export function certificateFileReader({ queue = 4 }: { queue?: number } = {}) {
  let worker: Worker | undefined;
  /** Files being read or waiting. */
  let inLine = 0;
  let tail: Promise<unknown> = Promise.resolve();
  let averageMs = 1_000;

  const start = () => {
    const started = new Worker(new URL('./fileWorkerStart.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    started.unref();
    // A worker that fails or ends is not reused: the next file starts another.
    const forget = () => {
      if (worker === started) worker = undefined;
    };
    started.on('error', forget);
    started.on('exit', forget);
    return started;
  };

  const ask = (job: FileJob): Promise<FileReading> => {
    worker ??= start();
    const asked = worker;
    return new Promise((resolve, reject) => {
      const done = () => {
        asked.off('message', onMessage);
        asked.off('error', onError);
        asked.off('exit', onExit);
      };
      const onMessage = (answer: { reading?: FileReading; error?: string }) => {
        done();
        if (answer.reading) resolve(answer.reading);
        else reject(new Error(`reading a certificate file failed: ${answer.error ?? 'no answer'}`));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`the certificate file reader stopped (exit ${code})`));
      };
      asked.on('message', onMessage);
      asked.once('error', onError);
      asked.once('exit', onExit);
      asked.postMessage(job);
    });
  };

  return {
    /** The file read and checked, as readCertificateFile would (IMPORT_BUSY when `queue` files wait already). */
    async read(file: string, text: string, idPattern: string): Promise<FileReading> {
      if (inLine > queue) {
        const seconds = Math.max(1, Math.ceil((inLine * averageMs) / 1000));
        throw new ApiError('IMPORT_BUSY', { seconds }, seconds);
      }
      inLine++;
      const turn = tail.then(async () => {
        const started = performance.now();
        try {
          return await ask({ file, text, idPattern, maxRows: CONSOLE_ROWS });
        } finally {
          averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        }
      });
      tail = turn.catch(() => undefined);
      try {
        return await turn;
      } finally {
        inLine--;
      }
    },
    async close(): Promise<void> {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
