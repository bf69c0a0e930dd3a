import type { Node } from 'jsonc-parser';
import { toPointer } from '../shared/jsonPointer.ts';
import { positionAt } from '../shared/textPosition.ts';
import type { JsonSource } from './jsonSource.ts';
import { type Problem, problem } from './problems.ts';

/** Starts the texts that `npm run new` (and the editor's guided new page) writes for the author to replace. */
export const TEMPLATE_MARK = '✎';

/**
 * Texts still carrying the template mark: valid content, but not written yet.
 * A production build refuses them; the dev server, `npm run validate` and the
 * editor show them as warnings, in the same words.
 */
export function templateTextProblems(source: JsonSource): Problem[] {
  if (!source.tree || !source.text.includes(TEMPLATE_MARK)) return [];
  const out: Problem[] = [];
  const visit = (node: Node, path: (string | number)[]) => {
    if (node.type === 'string' && typeof node.value === 'string' && node.value.includes(TEMPLATE_MARK)) {
      const place = { file: source.file, ...positionAt(source, node.offset), pointer: toPointer(path) };
      out.push(problem('TEMPLATE_TEXT', place, { field: path.map(String), text: node.value }));
    } else if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) visit(value, [...path, String(key.value)]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => {
        visit(child, [...path, index]);
      });
    }
  };
  visit(source.tree, []);
  return out;
}
