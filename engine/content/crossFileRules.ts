import fs from 'node:fs';
import path from 'node:path';
import type { CollectionName } from '../types.ts';
import type { ContentModel, ParsedFile } from './contentModel.ts';
import { normalisePath } from './contentModel.ts';
import { didYouMean } from '../shared/didYouMean.ts';
import { locate } from './jsonSource.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import type { Problem, ProblemCode } from './problems.ts';

function problemAt(parsed: ParsedFile, pointer: string, code: ProblemCode, message: string, hint?: string): Problem {
  const { line, column } = locate(parsed.source, fromPointer(pointer));
  return { code, file: parsed.file.rel, line, column, pointer, message, ...(hint ? { hint } : {}) };
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
        problems.push(problemAt(page, pointer, 'DUPLICATE_PATH',
          `The address ${JSON.stringify(value)} is already used by ${owner.page.file.rel} (addresses are compared without regard to capital letters).`,
          'Give this page a different path, or remove the duplicate alias.'));
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
      const ids = [...(table?.keys() ?? [])];
      const guess = didYouMean(String(ref.value), ids);
      const where = ref.collection === 'courseDetails' ? 'data/courseDetails/' : `data/${ref.collection}.json`;
      problems.push(problemAt(parsed, ref.pointer, 'UNKNOWN_REFERENCE',
        `${JSON.stringify(ref.value)} is not the id of anything in ${where}.${guess ? ` Did you mean ${JSON.stringify(guess)}?` : ''}`,
        guess ? `Write ${JSON.stringify(typeof ref.value === 'number' ? Number(guess) : guess)}.` : `Use an id that exists in ${where}, or add the item there first.`));
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
          const guess = didYouMean(name, settingNames);
          problems.push(problemAt(parsed, link.pointer, 'UNKNOWN_SETTING',
            `data/site.json has no link called "${name}".${guess ? ` Did you mean "setting:${guess}"?` : ''}`,
            guess ? `Write "setting:${guess}".` : `Add "${name}" under "links" in data/site.json, or use one of: ${settingNames.map((n) => `setting:${n}`).join(', ')}.`));
        }
        continue;
      }
      if (value.startsWith('#')) {
        if (page && !sectionIds(page.doc.sections).includes(value.slice(1))) {
          problems.push(problemAt(parsed, link.pointer, 'MISSING_ANCHOR',
            `No section on this page has the id "${value.slice(1)}", so the link ${value} goes nowhere.`,
            `Add "id": "${value.slice(1)}" to the section it should jump to, or fix the link.`));
        }
        continue;
      }
      if (!value.startsWith('/')) continue;
      const [withoutHash, hash] = value.split('#') as [string, string | undefined];
      const target = withoutHash.split('?')[0]!;
      const targetPage = pageByPath(target);
      if (targetPage) {
        if (hash && !sectionIds(targetPage.doc.sections).includes(hash)) {
          problems.push(problemAt(parsed, link.pointer, 'MISSING_ANCHOR',
            `${targetPage.file.rel} has no section with the id "${hash}", so the link ${value} goes nowhere.`,
            `Add "id": "${hash}" to a section of ${targetPage.file.rel}, or fix the link.`));
        }
        continue;
      }
      if (exists(target)) continue;
      const guess = didYouMean(normalisePath(target), allPaths);
      const guessPage = guess ? owners.get(guess)?.page.doc.path : undefined;
      problems.push(problemAt(parsed, link.pointer, 'DEAD_LINK',
        `The link ${JSON.stringify(value)} leads to no page of this site and no file in public/.${guessPage ? ` Did you mean ${JSON.stringify(guessPage)}?` : ''}`,
        guessPage ? `Write ${JSON.stringify(guessPage)}.` : 'Link to the path of an existing page (see the "path" of the files in pages/), or add the page first.'));
    }
    for (const asset of parsed.collected.assets) {
      if (typeof asset.value !== 'string' || exists(asset.value)) continue;
      const folder = path.posix.dirname(asset.value);
      const dirAbs = path.join(model.paths.publicDir, folder);
      const siblings = fs.existsSync(dirAbs) ? fs.readdirSync(dirAbs).map((n) => `${folder}/${n}`) : [];
      const guess = didYouMean(asset.value, siblings);
      problems.push(problemAt(parsed, asset.pointer, 'MISSING_FILE',
        `There is no file public${asset.value}.${guess ? ` Did you mean ${JSON.stringify(guess)}?` : ''}`,
        guess ? `Write ${JSON.stringify(guess)}.` : `Put the ${asset.kind} in public${folder}/ (names are case-sensitive), or fix the path.`));
    }
  }

  // Menus and footer columns that pages join must exist in data/site.json.
  const menus = model.site.navigation.map((m) => m.id);
  const columns = model.site.footer.columns.map((c) => c.id);
  for (const page of model.pages) {
    const nav = page.doc.nav;
    if (nav && !menus.includes(nav.menu)) {
      const guess = didYouMean(nav.menu, menus);
      problems.push(problemAt(page, '/nav/menu', 'UNKNOWN_MENU', `data/site.json has no menu "${nav.menu}".${guess ? ` Did you mean "${guess}"?` : ''}`, `Use one of: ${menus.join(', ')}.`));
    }
    const footer = page.doc.footer;
    if (footer && !columns.includes(footer.column)) {
      const guess = didYouMean(footer.column, columns);
      problems.push(problemAt(page, '/footer/column', 'UNKNOWN_MENU', `data/site.json has no footer column "${footer.column}".${guess ? ` Did you mean "${guess}"?` : ''}`, `Use one of: ${columns.join(', ')}.`));
    }
  }
  if (!model.pages.some((p) => p.doc.path === '/404')) {
    problems.push({ code: 'UNKNOWN_FILE', file: 'pages/404.json', line: 1, column: 1, pointer: '', message: 'There is no page with the path /404; it is shown for addresses that do not exist.', hint: 'Restore pages/404.json from version control.' });
  }
  if (!model.pages.some((p) => p.doc.path === '/')) {
    problems.push({ code: 'UNKNOWN_FILE', file: 'pages/index.json', line: 1, column: 1, pointer: '', message: 'There is no home page (a page with the path /).', hint: 'Restore pages/index.json from version control.' });
  }
  return problems;
}

export function sectionIds(sections: readonly { id?: string }[]): string[] {
  return sections.map((s) => s.id).filter((id): id is string => typeof id === 'string');
}

function uniqueEntityFiles(model: ContentModel): ParsedFile[] {
  const files = new Set<ParsedFile>();
  for (const table of model.entities.values()) for (const record of table.values()) files.add(record.parsed);
  return [...files];
}
