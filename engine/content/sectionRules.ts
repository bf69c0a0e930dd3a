import type { ContentModel, ParsedFile } from './contentModel.ts';
import { didYouMean, quoteList } from './didYouMean.ts';
import { locate } from './jsonSource.ts';
import { fromPointer, type Problem, type ProblemCode } from './problems.ts';

function at(parsed: ParsedFile, pointer: string, code: ProblemCode, message: string, hint: string): Problem {
  const { line, column } = locate(parsed.source, fromPointer(pointer));
  return { code, file: parsed.file.rel, line, column, pointer, message, hint };
}

/** Rules about one document that a schema cannot say. */
export function checkSectionRules(model: ContentModel): Problem[] {
  const problems: Problem[] = [];
  for (const page of model.pages) {
    page.doc.sections.forEach((section, index) => {
      const base = `/sections/${index}`;
      if (section.type === 'roleSelector') {
        const ids = section.roles.map((r) => r.id);
        const seen = new Set<string>();
        section.roles.forEach((role, i) => {
          if (seen.has(role.id)) {
            problems.push(at(page, `${base}/roles/${i}/id`, 'DUPLICATE_ROLE', `Two roles on this page have the id "${role.id}"; the Select Role list could not tell them apart.`, 'Give each role its own id.'));
          }
          seen.add(role.id);
        });
        if (!ids.includes(section.defaultRole)) {
          const guess = didYouMean(section.defaultRole, ids);
          problems.push(at(page, `${base}/defaultRole`, 'DEFAULT_ROLE_MISSING',
            `The default role "${section.defaultRole}" is not one of this page's roles.${guess ? ` Did you mean "${guess}"?` : ''}`,
            guess ? `Write "defaultRole": "${guess}".` : `Use the id of one of the roles: ${quoteList(ids)}.`));
        }
      }
    });
  }
  for (const [collection, table] of model.entities) {
    for (const record of table.values()) {
      const entity = record.entity;
      if (collection === 'courseDetails') {
        const fileId = record.parsed.file.rel.split('/').pop()!.replace(/\.json$/, '');
        if (entity['id'] !== fileId) {
          problems.push(at(record.parsed, '/id', 'FILE_ID_MISMATCH', `The id "${String(entity['id'])}" differs from the file name ${fileId}.json; pages find a course by its file name.`, `Write "id": "${fileId}", or rename the file to ${String(entity['id'])}.json.`));
        }
        if (typeof entity['newPrice'] === 'number' && typeof entity['oldPrice'] === 'number' && entity['newPrice'] > entity['oldPrice']) {
          problems.push(at(record.parsed, '/newPrice', 'PRICE_ORDER', `The offer price ${entity['newPrice']} is higher than the usual price ${entity['oldPrice']}.`, 'The newPrice is the lower, discounted price; swap the two if they are the wrong way round.'));
        }
      }
      if (collection === 'courses' && typeof entity['price'] === 'number' && typeof entity['listPrice'] === 'number' && entity['price'] > entity['listPrice']) {
        problems.push(at(record.parsed, `${record.pointer}/price`, 'PRICE_ORDER', `The price ${entity['price']} is higher than the list price ${entity['listPrice']}.`, 'The price is what students pay; the listPrice is the usual, higher price shown struck through.'));
      }
    }
  }
  return problems;
}
