import { fromPointer } from '../shared/jsonPointer.ts';
import type { ContentModel } from './contentModel.ts';
import { definitionOf } from './definitionOf.ts';
import { locate } from './jsonSource.ts';
import { type Problem, problem } from './problems.ts';

/** Rules about one section that its schema cannot say, from each type's definition. */
export function checkSectionRules(model: ContentModel): Problem[] {
  const problems: Problem[] = [];
  for (const page of model.pages) {
    if (!Array.isArray(page.doc.sections)) continue;
    page.doc.sections.forEach((section, index) => {
      const rules = definitionOf(section)?.rules;
      if (!rules) return;
      rules(section, {
        report(pointer, code, params) {
          const at = `/sections/${index}${pointer}`;
          problems.push(problem(code, { file: page.file.rel, ...locate(page.source, fromPointer(at)), pointer: at }, params));
        },
      });
    });
  }
  return problems;
}
