import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { makeTempProject } from '../../tooling/projectCopy.ts';

/**
 * The site as `npm run build` makes it, built in a throwaway copy of the project (so a test never depends on,
 * or changes, the dist/ of the working copy): the prerendered pages, the template and the server renderer
 * that pages rendered per request (a certificate's) use. About half a minute.
 */
export function siteBuild(): { dist: string; remove(): void } {
  const temp = makeTempProject('site-build-');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: temp.root, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    temp.remove();
    throw error;
  }
  return { dist: path.join(temp.root, 'dist'), remove: temp.remove };
}
