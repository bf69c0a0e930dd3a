import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every file of a project (but the build output and dependencies) with a hash of its content. */
export function snapshotFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (['dist', 'node_modules', '.data'].includes(rel)) continue;
      if (entry.isDirectory()) walk(rel);
      else
        files.set(
          rel,
          createHash('sha1')
            .update(fs.readFileSync(path.join(root, rel)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return files;
}

export function changedFiles(before: Map<string, string>, after: Map<string, string>): { changed: string[]; removed: string[] } {
  return {
    changed: [...after]
      .filter(([file, hash]) => before.get(file) !== hash)
      .map(([file]) => file)
      .sort(),
    removed: [...before.keys()].filter((file) => !after.has(file)).sort(),
  };
}
