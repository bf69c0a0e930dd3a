import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '..');
const skip = new Set(['node_modules', 'dist', '.git', '.cache', '.data', 'test-results', 'playwright-report']);

/**
 * A throwaway copy of the project (node_modules linked, not copied), so tests
 * can break content or add pages without touching the real files.
 */
export function makeTempProject(prefix = 'site-'): {
  root: string;
  write(rel: string, text: string): void;
  read(rel: string): string;
  edit(rel: string, change: (text: string) => string): void;
  remove(): void;
} {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of fs.readdirSync(projectRoot)) {
    if (skip.has(entry)) continue;
    fs.cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    write(rel, text) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    },
    read(rel) {
      return fs.readFileSync(path.join(root, rel), 'utf8');
    },
    edit(rel, change) {
      const file = path.join(root, rel);
      fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
    },
    remove() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
