/**
 * The worker thread that reads certificate files for the staff console (see fileReader.ts): one file a message,
 * answered with what the import needs, its problems cut to the first SHOWN_PROBLEMS (a file of 20,000 bad rows
 * would otherwise be copied back whole).
 */
import { parentPort } from 'node:worker_threads';
import { readCertificateFile, xlsxAsCsv } from './certificateFile.ts';
import { type FileJob, type FileReading, SHOWN_PROBLEMS } from './fileReading.ts';

parentPort!.on('message', async (job: FileJob) => {
  try {
    // A workbook (.xlsx) arrives as its bytes in base64 and is read as the CSV of its first sheet.
    const workbook = job.file.toLowerCase().endsWith('.xlsx');
    const text = workbook ? await xlsxAsCsv(job.text) : job.text;
    const { certificates, problems, outOfBounds } =
      text === undefined
        ? {
            certificates: [],
            problems: [{ line: 1, message: 'the file is not an Excel workbook (.xlsx): save it again as .xlsx or .csv' }],
            outOfBounds: undefined,
          }
        : readCertificateFile(workbook ? `${job.file}.csv` : job.file, text, job.idPattern, undefined, { maxRows: job.maxRows });
    const reading: FileReading = {
      certificates,
      problems: problems.slice(0, SHOWN_PROBLEMS),
      problemCount: problems.length,
      problemLines: new Set(problems.map((p) => p.line)).size,
      ...(outOfBounds ? { outOfBounds } : {}),
    };
    parentPort!.postMessage({ reading });
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).message });
  }
});
