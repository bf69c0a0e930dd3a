import { collections } from '../generated/collectionDefinitions.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import type { ContentModel, EntityRecord } from './contentModel.ts';
import { locate } from './jsonSource.ts';
import { type Problem, type ProblemCode, type ProblemParams, problem } from './problems.ts';
import type { RuleContext } from './ruleContext.ts';

/** Rules about the entities of data/ that their schemas cannot say: each collection's layout and its definition's rules. */
export function checkEntityRules(model: ContentModel): Problem[] {
  const problems: Problem[] = [];
  const report = <C extends ProblemCode>(record: EntityRecord, pointer: string, code: C, params: ProblemParams<C>) => {
    const at = `${record.pointer}${pointer}`;
    problems.push(problem(code, { file: record.parsed.file.rel, ...locate(record.parsed.source, fromPointer(at)), pointer: at }, params));
  };
  for (const [collection, table] of model.entities) {
    const definition = collections[collection];
    // The table holds this collection's items only, the type its definition's rules take.
    const rules = definition.rules as ((item: unknown, check: RuleContext) => void) | undefined;
    for (const record of table.values()) {
      if (definition.layout === 'filePerItem') {
        // Pages find an item kept one per file by the file's name.
        const fileId = record.parsed.file.rel
          .split('/')
          .pop()!
          .replace(/\.json$/, '');
        if (record.entity['id'] !== fileId) report(record, '/id', 'FILE_ID_MISMATCH', { id: String(record.entity['id']), fileId });
      }
      rules?.(record.entity, { report: (pointer, code, params) => report(record, pointer, code, params) });
    }
  }
  return problems;
}
