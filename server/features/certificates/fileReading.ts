import type { CertificateRecord } from '../../../engine/types.ts';
import type { RowProblem } from './certificateFile.ts';

/** Problems an answer lists; the rest are counted. */
export const SHOWN_PROBLEMS = 100;

/** A file to read, as the console sent it. */
export interface FileJob {
  file: string;
  text: string;
  idPattern: string;
  maxRows: number;
}

/** What the console's import is told of a file: every certificate, the first problems and how many there are. */
export interface FileReading {
  certificates: CertificateRecord[];
  problems: RowProblem[];
  problemCount: number;
  /** Lines with a problem (a row may have several). */
  problemLines: number;
  outOfBounds?: RowProblem;
}
