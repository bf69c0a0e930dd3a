import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the editor may write: a path is judged by where it really leads, not by how it is spelled. A folder of the
 * project can be a link to somewhere else (public/images/shared → a folder outside, checked out with the project),
 * and writing "into" it writes there; so every write resolves the real path of the nearest part that exists (each
 * link on the way followed, fs.realpath) and must stay inside the real project and the real folder it is meant for.
 */

/** The real path `abs` leads to: its nearest existing part resolved, with the parts not made yet after it. */
function realTarget(abs: string): string | undefined {
  const missing: string[] = [];
  let existing = path.resolve(abs);
  // lstat, not exists: a link whose target is missing exists, and writing through it would make its target.
  while (!fs.lstatSync(existing, { throwIfNoEntry: false })) {
    const parent = path.dirname(existing);
    if (parent === existing) return undefined;
    missing.unshift(path.basename(existing));
    existing = parent;
  }
  try {
    return path.join(fs.realpathSync(existing), ...missing);
  } catch {
    return undefined;
  }
}

const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer + path.sep);

/**
 * The real path to write `abs` at, when it leads inside `folder` (public/images, pages/, the drafts' folder) and that
 * folder inside the project `root`, both as they really are; undefined when a link leads anywhere else.
 */
export function realPlaceInside(root: string, folder: string, abs: string): string | undefined {
  const realRoot = realTarget(root);
  const realFolder = realTarget(folder);
  const target = realTarget(abs);
  if (!realRoot || !realFolder || !target) return undefined;
  return within(realFolder, realRoot) && within(target, realFolder) ? target : undefined;
}
