/**
 * The worker thread that reads one bank statement for the console (see readStatement in statement.ts): a spreadsheet
 * is a zip that may unpack to far more than its 2 MB, and a CSV's worst lines are slow to split, so neither is read on
 * the thread that answers requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StatementError, statementRows } from './statement.ts';

const job = workerData as { fileName: string; text?: string; base64?: string };
try {
  parentPort!.postMessage({ rows: await statementRows(job.fileName, job.text, job.base64) });
} catch (error) {
  parentPort!.postMessage(error instanceof StatementError ? { problem: error.message } : { problem: 'unreadable' });
}
