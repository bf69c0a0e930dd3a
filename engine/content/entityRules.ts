import { fromPointer } from '../shared/jsonPointer.ts';
import type { ContentModel, EntityRecord } from './contentModel.ts';
import { locate } from './jsonSource.ts';
import { type Problem, type ProblemCode, type ProblemParams, problem } from './problems.ts';

/** Rules about the entities of data/ that their schemas cannot say. */
export function checkEntityRules(model: ContentModel): Problem[] {
  const problems: Problem[] = [];
  const report = <C extends ProblemCode>(record: EntityRecord, pointer: string, code: C, params: ProblemParams<C>) => {
    const at = `${record.pointer}${pointer}`;
    problems.push(problem(code, { file: record.parsed.file.rel, ...locate(record.parsed.source, fromPointer(at)), pointer: at }, params));
  };
  for (const [collection, table] of model.entities) {
    for (const record of table.values()) {
      const entity = record.entity;
      if (collection === 'courseDetails') {
        const fileId = record.parsed.file.rel
          .split('/')
          .pop()!
          .replace(/\.json$/, '');
        if (entity['id'] !== fileId) {
          report(record, '/id', 'FILE_ID_MISMATCH', { id: String(entity['id']), fileId });
        }
        if (typeof entity['newPrice'] === 'number' && typeof entity['oldPrice'] === 'number' && entity['newPrice'] > entity['oldPrice']) {
          report(record, '/newPrice', 'PRICE_ORDER', { field: 'newPrice', price: entity['newPrice'], usual: entity['oldPrice'] });
        }
      }
      const salary = entity['salaryLpa'] as { min: number; max: number } | undefined;
      if (collection === 'jobOpenings' && salary && typeof salary.min === 'number' && typeof salary.max === 'number' && salary.min > salary.max) {
        report(record, '/salaryLpa/min', 'MIN_ABOVE_MAX', { what: 'salary', min: salary.min, max: salary.max });
      }
      if (collection === 'courses' && typeof entity['price'] === 'number' && typeof entity['listPrice'] === 'number' && entity['price'] > entity['listPrice']) {
        report(record, '/price', 'PRICE_ORDER', { field: 'price', price: entity['price'], usual: entity['listPrice'] });
      }
    }
  }
  return problems;
}
