/**
 * The worker thread that reads one spreadsheet statement for the console (see readStatement in statement.ts): an
 * .xlsx is a zip that may unpack to far more than its 2 MB, so it is not read on the thread that answers requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StatementError, statementRows } from './statement.ts';

const job = workerData as { fileName: string; text?: string; base64?: string };
try {
  parentPort!.postMessage({ rows: await statementRows(job.fileName, job.text, job.base64) });
} catch (error) {
  parentPort!.postMessage(error instanceof StatementError ? { problem: error.message } : { problem: 'unreadable' });
}
