import fs from 'node:fs';
import path from 'node:path';
import { discoverContent } from '../../engine/content/discoverContent.ts';
import { projectPaths } from '../../engine/content/projectPaths.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { medianMs } from '../../tooling/benchStats.ts';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { writeGeneratedPages } from './generatePages.ts';

export interface ValidateResult {
  label: string;
  files: number;
  /** First run in this process: the schemas are compiled then, once. */
  coldMs: number;
  /** Median of the following runs, with the compiled schemas reused. */
  warmMs: number;
  /** Median time to read and JSON.parse the same files: the floor for any validation. */
  parseMs: number;
}

function readAndParseAll(root: string): void {
  for (const file of discoverContent(projectPaths(root)).files) JSON.parse(fs.readFileSync(file.abs, 'utf8'));
}

function check(root: string): number {
  const result = validateContent(root);
  if (result.problems.length > 0) throw new Error(`bench: content under ${root} is invalid (${result.problems.length} problems)`);
  return result.fileCount;
}

async function measure(label: string, root: string, runs: number): Promise<ValidateResult> {
  const started = performance.now();
  const files = check(root);
  const coldMs = performance.now() - started;
  const parseMs = await medianMs(runs, () => readAndParseAll(root));
  const warmMs = await medianMs(runs, () => check(root));
  return { label, files, coldMs, warmMs, parseMs };
}

/** Validation of the real content, and of the content plus `generated` page documents. */
export async function benchValidate(root: string, generated: number, runs: number): Promise<ValidateResult[]> {
  const results = [await measure('all content', root, runs)];
  const temp = makeTempProject('bench-validate-');
  try {
    writeGeneratedPages(temp.root, generated);
    results.push(await measure(`content + ${generated.toLocaleString('en-US')} generated pages`, temp.root, Math.max(1, Math.ceil(runs / 2))));
  } finally {
    temp.remove();
  }
  return results;
}

export function contentRoot(): string {
  return path.resolve(import.meta.dirname, '..', '..');
}
