import fs from 'node:fs';
import path from 'node:path';
import { APPLYABLES_FILE } from '../../../engine/shared/applyables.ts';
import type { Applyable, ApplyCatalogue } from '../../../engine/types.ts';
import { servedDir } from '../../../releases/index.ts';
import { apiSchemaStore } from '../../http/schemas.ts';

/** What can be applied for right now, and where the content sends its Apply. */
export interface Catalogue {
  find(kind: string, id: string): Applyable | undefined;
  /** What the application page names: the one thing with this kind and id, or every role of the internship programme with this id. */
  about(kind: string, id: string): Applyable[];
  all(): readonly Applyable[];
  /** The internship programmes, each once, with their seats. */
  programmes(): { id: string; title: string; seats: number }[];
}

export function catalogueOf(items: readonly Applyable[]): Catalogue {
  const byKey = new Map(items.map((item) => [`${item.kind}:${item.id}`, item]));
  const programmes = new Map<string, { id: string; title: string; seats: number }>();
  for (const item of items) if (item.programme && !programmes.has(item.programme.id)) programmes.set(item.programme.id, item.programme);
  const sorted = [...programmes.values()].sort((a, b) => a.title.localeCompare(b.title, 'en-IN'));
  const find = (kind: string, id: string) => byKey.get(`${kind}:${id}`);
  const about = (kind: string, id: string) => {
    const one = find(kind, id);
    if (one) return [one];
    return kind === 'internship' ? items.filter((item) => item.kind === 'internship' && item.programme?.id === id) : [];
  };
  return { find, about, all: () => items, programmes: () => sorted };
}

/**
 * The catalogue of the release being served, read again when a build or a rollback switches the site (one readlink a
 * call, as the pages are served): a stream published from the editor takes applications from its first minute. A
 * release without the file (one built before applications) has nothing to apply for.
 */
export function releaseCatalogue(distDir: string): () => Catalogue {
  let loaded: { dir: string; catalogue: Catalogue } | undefined;
  return () => {
    const dir = servedDir(distDir);
    if (loaded?.dir === dir) return loaded.catalogue;
    const file = path.join(dir, APPLYABLES_FILE);
    const items = fs.existsSync(file) ? readCatalogueFile(file) : [];
    loaded = { dir, catalogue: catalogueOf(items) };
    return loaded.catalogue;
  };
}

function readCatalogueFile(file: string): Applyable[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as ApplyCatalogue;
  const { errors } = apiSchemaStore().validate('api/applyCatalogue.schema.json', parsed);
  if (errors.length) throw new Error(`${file} is not a catalogue of applications: ${errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
  return parsed.items;
}
