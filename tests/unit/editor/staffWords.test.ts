import { describe, expect, it } from 'vitest';
import { description, isHidden, kindLabel, kindOf, labelOf, placeOf, unionBranches, viewOfChild } from '../../../editor/app/form/formModel.ts';
import { discoverContent } from '../../../engine/content/discoverContent.ts';
import { projectPaths } from '../../../engine/content/projectPaths.ts';
import { rootView, type SchemaView } from '../../../engine/content/schemaWalker.ts';
import { schemaLookup } from '../../../engine/shared/schemaRefs.ts';
import { loadSchemaStore } from '../../../engine/shared/schemaStore.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';
import { developerWords } from '../../support/staffWords.ts';

/** One text the editor shows for a field. */
interface Shown {
  where: string;
  kind: 'label' | 'help';
  after: string | undefined;
}

const paths = projectPaths(projectRoot);
const store = loadSchemaStore(paths.schemas);
const lookup = schemaLookup(store.files);

/**
 * Every field of every form the editor draws (each kind of content file, each kind of section, every property, list
 * item and named entry, once per place in the schemas), with its label and help.
 */
function everyField(): Shown[] {
  const shown: Shown[] = [];
  const seen = new WeakSet<object>();
  const visit = (view: SchemaView, name: string | undefined, where: string, depth: number) => {
    const own = view.nodes[0]?.node;
    if (!own || depth > 14 || seen.has(own)) return;
    seen.add(own);
    if (name !== undefined && isHidden(name, view)) return;
    if (name !== undefined) shown.push({ where, kind: 'label', after: labelOf(name, view) });
    shown.push({ where, kind: 'help', after: description(view) });
    switch (kindOf(view)) {
      case 'union':
        for (const branch of unionBranches(lookup, view)) {
          shown.push({ where: `${where} (${branch.tag})`, kind: 'label', after: kindLabel(branch.tag, branch.view) });
          visit(branch.view, undefined, `${where} (${branch.tag})`, depth + 1);
        }
        break;
      case 'object':
        for (const { node } of view.nodes) {
          const properties = node['properties'];
          if (!properties || typeof properties !== 'object') continue;
          for (const property of Object.keys(properties)) {
            const child = viewOfChild(lookup, view, {}, property, undefined);
            if (child) visit(child, property, `${where}/${property}`, depth + 1);
          }
        }
        break;
      case 'map': {
        const child = viewOfChild(lookup, view, {}, 'entry', undefined);
        if (child) visit(child, undefined, `${where}/*`, depth + 1);
        break;
      }
      case 'array': {
        const child = viewOfChild(lookup, view, [], 0, undefined);
        if (child) visit(child, undefined, `${where}/0`, depth + 1);
        break;
      }
    }
  };
  // A translation is never drawn as a form of its schema: it is opened beside its English (TranslationEditor).
  const roots = [...new Set(discoverContent(paths).files.flatMap((f) => (f.kind === 'translation' ? [] : [f.schemaRel])))].sort();
  for (const rel of roots) visit(rootView(lookup, rel), undefined, rel, 0);
  return shown;
}

describe('the editor’s labels and help are in the words of someone who does not write code', () => {
  const shown = everyField();
  const count = (kind: Shown['kind'], _when: 'after') =>
    shown.filter((s) => s.kind === kind && s.after !== undefined && developerWords(s.after, { label: kind === 'label' }).length > 0);

  it('names no property, file or line in any label or help text', () => {
    // The figure before issue 26 (a1ddc53: the property name in words, the schema's description, a section's `type`
    // shown as a field) is in docs/editor-words.md; it was measured with this walk on that commit's schemas.
    const table = (['label', 'help'] as const).map((kind) => {
      const total = shown.filter((s) => s.kind === kind).length;
      return `${kind === 'label' ? 'labels' : 'help texts'}: ${count(kind, 'after').length} of ${total} name a property, a file or a line`;
    });
    console.log(table.join('\n'));
    const left = [...count('label', 'after'), ...count('help', 'after')].map(
      (s) => `${s.where} (${s.kind}): ${s.after} — ${developerWords(s.after!).join('; ')}`,
    );
    expect(left).toEqual([]);
  });

  it('says where a problem is by the form’s own labels, not by a line or a key', () => {
    const view = rootView(lookup, 'page.schema.json');
    const document = {
      sections: [
        { type: 'hero', title: 'Law' },
        { type: 'roleSelector', roles: [{ title: 'Corporate Law' }, { title: 'Criminal Law', details: { stipend: '6000/month' } }] },
      ],
    };
    const place = placeOf(lookup, view, document, ['sections', 1, 'roles', 1, 'details', 'stipend']);
    expect(place).toEqual(['Sections', 'Section 2 (Internship roles to choose from)', 'Roles', 'Role 2 (Criminal Law)', 'Details', 'Stipend']);
    expect(developerWords(place.join(' › '))).toEqual([]);
    expect(placeOf(lookup, view, document, ['path'])).toEqual(['Address on the site']);
  });
});
