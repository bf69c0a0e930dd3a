import type { Io } from '../../server/cli/context.ts';
import { loadSettings, type Settings } from '../../server/settings.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A command-line tool run in this process, as `npm run …` runs it, with the
 * settings the environment given would make (nothing else of the test's own
 * environment): its exit code and what it wrote.
 */
export async function runCli(
  command: (args: readonly string[], settings: Settings, io: Io) => Promise<number>,
  args: readonly string[],
  env: Record<string, string>,
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, loadSettings(env, projectRoot), { out: (text) => (stdout += text), err: (text) => (stderr += text) });
  return { code, stdout, stderr };
}
