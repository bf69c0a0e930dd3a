import fs from 'node:fs';
import path from 'node:path';
import { collections } from '../generated/collectionDefinitions.ts';
import { didYouMean } from '../shared/didYouMean.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import type { CollectionName } from '../types.ts';
import { type CollectionDefinition, collectionPlace } from './collectionDefinition.ts';
import type { ContentModel, ParsedFile } from './contentModel.ts';
import { normalisePath } from './contentModel.ts';
import { locate } from './jsonSource.ts';
import { type Problem, type ProblemCode, type ProblemParams, problem } from './problems.ts';

function problemAt<C extends ProblemCode>(parsed: ParsedFile, pointer: string, code: C, params: ProblemParams<C>): Problem {
  return problem(code, { file: parsed.file.rel, ...locate(parsed.source, fromPointer(pointer)), pointer }, params);
}

/** Case-sensitive existence, even on file systems that ignore case, so a site that works here works on the server. */
function makeExactExists(root: string) {
  const listings = new Map<string, Set<string>>();
  const list = (dir: string) => {
    let names = listings.get(dir);
    if (!names) {
      names = new Set(fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? fs.readdirSync(dir) : []);
      listings.set(dir, names);
    }
    return names;
  };
  return (relative: string): boolean => {
    const segments = relative.split('/').filter(Boolean);
    let dir = root;
    for (const segment of segments) {
      if (!list(dir).has(segment)) return false;
      dir = path.join(dir, segment);
    }
    return segments.length > 0;
  };
}

export function checkCrossFileRules(model: ContentModel): Problem[] {
  const problems: Problem[] = [];
  const allFiles: ParsedFile[] = [model.siteFile, ...model.pages, ...uniqueEntityFiles(model)];

  // Addresses: every path and alias names one page, without regard to case (the router ignores case).
  const owners = new Map<string, { page: (typeof model.pages)[number]; pointer: string }>();
  for (const page of model.pages) {
    const candidates = [{ value: page.doc.path, pointer: '/path' }, ...(page.doc.aliases ?? []).map((value, i) => ({ value, pointer: `/aliases/${i}` }))];
    for (const { value, pointer } of candidates) {
      const key = normalisePath(value);
      const owner = owners.get(key);
      // An alias that differs from the page's own path only in capitals names the same page: allowed.
      if (owner && owner.page === page && pointer !== owner.pointer) continue;
      if (owner) {
        problems.push(problemAt(page, pointer, 'DUPLICATE_PATH', { address: value, owner: owner.page.file.rel }));
      } else owners.set(key, { page, pointer });
    }
  }
  const pageByPath = (p: string) => owners.get(normalisePath(p))?.page;
  const allPaths = [...owners.keys()];

  // Ids that point at data.
  for (const parsed of allFiles) {
    for (const ref of parsed.collected.refs) {
      if (typeof ref.value !== 'string' && typeof ref.value !== 'number') continue;
      const table = model.entities.get(ref.collection as CollectionName);
      if (table?.has(String(ref.value))) continue;
      const guess = didYouMean(String(ref.value), [...(table?.keys() ?? [])]);
      const definition = collections[ref.collection as CollectionName] as CollectionDefinition<CollectionName> | undefined;
      const source = collectionPlace(definition ?? { name: ref.collection, layout: 'oneFile' });
      problems.push(problemAt(parsed, ref.pointer, 'UNKNOWN_REFERENCE', { value: ref.value, source, guess }));
    }
  }

  // Links.
  const exists = makeExactExists(model.paths.publicDir);
  const settingNames = Object.keys(model.site.links ?? {});
  for (const parsed of allFiles) {
    const page = model.pages.find((p) => p === parsed);
    for (const link of parsed.collected.links) {
      if (typeof link.value !== 'string') continue;
      const value = link.value;
      if (value.startsWith('setting:')) {
        const name = value.slice('setting:'.length);
        if (!settingNames.includes(name)) {
          problems.push(problemAt(parsed, link.pointer, 'UNKNOWN_SETTING', { name, guess: didYouMean(name, settingNames), names: settingNames }));
        }
        continue;
      }
      if (value.startsWith('#')) {
        if (page && !sectionIds(page.doc.sections).includes(value.slice(1))) {
          problems.push(problemAt(parsed, link.pointer, 'MISSING_ANCHOR', { link: value, id: value.slice(1), page: undefined }));
        }
        continue;
      }
      if (!value.startsWith('/')) continue;
      const [withoutHash, hash] = value.split('#') as [string, string | undefined];
      const target = withoutHash.split('?')[0]!;
      const targetPage = pageByPath(target);
      if (targetPage) {
        if (hash && !sectionIds(targetPage.doc.sections).includes(hash)) {
          problems.push(problemAt(parsed, link.pointer, 'MISSING_ANCHOR', { link: value, id: hash, page: targetPage.file.rel }));
        }
        const role = new URLSearchParams(withoutHash.split('?')[1] ?? '').get('role');
        const roles = roleIds(targetPage.doc.sections);
        if (role !== null && roles.length > 0 && !roles.includes(role)) {
          problems.push(
            problemAt(parsed, link.pointer, 'UNKNOWN_ROLE_IN_LINK', { link: value, role, page: targetPage.file.rel, guess: didYouMean(role, roles) }),
          );
        }
        continue;
      }
      if (exists(target)) continue;
      const guess = didYouMean(normalisePath(target), allPaths);
      // Addresses are compared in lower case; the guess is the page's path as it is written.
      problems.push(problemAt(parsed, link.pointer, 'DEAD_LINK', { link: value, guess: guess ? owners.get(guess)?.page.doc.path : undefined }));
    }
    for (const asset of parsed.collected.assets) {
      if (typeof asset.value !== 'string' || exists(asset.value)) continue;
      const folder = path.posix.dirname(asset.value);
      const dirAbs = path.join(model.paths.publicDir, folder);
      const siblings = fs.existsSync(dirAbs) ? fs.readdirSync(dirAbs).map((n) => `${folder}/${n}`) : [];
      problems.push(
        problemAt(parsed, asset.pointer, 'MISSING_FILE', { file: asset.value, folder, kind: asset.kind, guess: didYouMean(asset.value, siblings) }),
      );
    }
  }

  // A form filled in ahead is one of the links, by name.
  for (const name of Object.keys(model.site.formPrefill ?? {})) {
    if (!settingNames.includes(name))
      problems.push(problemAt(model.siteFile, `/formPrefill/${name}`, 'UNKNOWN_SETTING', { name, guess: didYouMean(name, settingNames), names: settingNames }));
  }

  // Menus and footer columns that pages join must exist in data/site.json.
  const menus = model.site.navigation.map((m) => m.id);
  const columns = model.site.footer.columns.map((c) => c.id);
  for (const page of model.pages) {
    const nav = page.doc.nav;
    if (nav && !menus.includes(nav.menu)) {
      problems.push(problemAt(page, '/nav/menu', 'UNKNOWN_MENU', { what: 'menu', value: nav.menu, guess: didYouMean(nav.menu, menus), ids: menus }));
    }
    const footer = page.doc.footer;
    if (footer && !columns.includes(footer.column)) {
      problems.push(
        problemAt(page, '/footer/column', 'UNKNOWN_MENU', {
          what: 'footer column',
          value: footer.column,
          guess: didYouMean(footer.column, columns),
          ids: columns,
        }),
      );
    }
  }
  // The site cannot work without these two pages; they are reported where they are usually kept.
  for (const [required, file] of [
    ['/404', 'pages/404.json'],
    ['/', 'pages/index.json'],
  ] as const) {
    if (!model.pages.some((p) => p.doc.path === required))
      problems.push(problem('MISSING_PAGE', { file, line: 1, column: 1, pointer: '' }, { path: required, file }));
  }
  return problems;
}

/** The ids of the roles a page's sections list, whatever their type: a link's ?role= must name one of them. */
function roleIds(sections: readonly object[]): string[] {
  return sections.flatMap((s) => {
    const roles = (s as { roles?: unknown }).roles;
    return Array.isArray(roles) ? roles.map((r) => (r as { id?: unknown }).id).filter((id): id is string => typeof id === 'string') : [];
  });
}

export function sectionIds(sections: readonly { id?: string }[]): string[] {
  return sections.map((s) => s.id).filter((id): id is string => typeof id === 'string');
}

function uniqueEntityFiles(model: ContentModel): ParsedFile[] {
  const files = new Set<ParsedFile>();
  for (const table of model.entities.values()) for (const record of table.values()) files.add(record.parsed);
  return [...files];
}
