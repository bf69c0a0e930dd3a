import type { ContentModel, ParsedFile } from './contentModel.ts';
import { didYouMean, quoteList } from '../shared/didYouMean.ts';
import { locate } from './jsonSource.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import type { Problem, ProblemCode } from './problems.ts';

function at(parsed: ParsedFile, pointer: string, code: ProblemCode, message: string, hint: string): Problem {
  const { line, column } = locate(parsed.source, fromPointer(pointer));
  return { code, file: parsed.file.rel, line, column, pointer, message, hint };
}

/** Rules about one document that a schema cannot say. */
export function checkSectionRules(model: ContentModel): Problem[] {
  const problems: Problem[] = [];
  const checkRange = (parsed: ParsedFile, pointer: string, range: { min: number; max: number } | undefined, what: string) => {
    if (range && typeof range.min === 'number' && typeof range.max === 'number' && range.min > range.max) {
      problems.push(at(parsed, `${pointer}/min`, 'OUT_OF_RANGE', `The ${what} runs from ${range.min} to ${range.max}: min is larger than max.`, `Swap the two numbers: "min": ${range.max}, "max": ${range.min}.`));
    }
  };
  for (const page of model.pages) {
    if (!Array.isArray(page.doc.sections)) continue;
    page.doc.sections.forEach((section, index) => {
      const base = `/sections/${index}`;
      if (section.type === 'jobRoleSelector' && Array.isArray(section.roles)) {
        const ids = section.roles.map((r) => r.id);
        section.roles.forEach((role, i) => {
          if (ids.indexOf(role.id) !== i) problems.push(at(page, `${base}/roles/${i}/id`, 'DUPLICATE_ROLE', `Two roles on this page have the id "${role.id}"; the Select Job Role list could not tell them apart.`, 'Give each role its own id.'));
          checkRange(page, `${base}/roles/${i}/details/experienceYears`, role.details?.experienceYears, 'experience');
          checkRange(page, `${base}/roles/${i}/details/salaryLpa`, role.details?.salaryLpa, 'salary');
        });
        if (!ids.includes(section.defaultRole)) {
          const guess = didYouMean(section.defaultRole, ids);
          problems.push(at(page, `${base}/defaultRole`, 'DEFAULT_ROLE_MISSING', `The default role "${section.defaultRole}" is not one of this page's roles.${guess ? ` Did you mean "${guess}"?` : ''}`, guess ? `Write "defaultRole": "${guess}".` : `Use the id of one of the roles: ${quoteList(ids)}.`));
        }
      }
      if (section.type === 'table' && Array.isArray(section.rows) && Array.isArray(section.columns)) {
        section.rows.forEach((row, r) => {
          if (Array.isArray(row) && row.length !== section.columns.length) {
            problems.push(at(page, `${base}/rows/${r}`, 'INVALID_CONTENT', `Row ${r + 1} has ${row.length} values but the table has ${section.columns.length} columns.`, `Give every row exactly ${section.columns.length} values, one per column in order: ${section.columns.map((c) => c.label).join(', ')}.`));
          }
        });
      }
      if (section.type === 'roleSelector' && Array.isArray(section.roles)) {
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
      if (collection === 'jobOpenings') checkRange(record.parsed, `${record.pointer}/salaryLpa`, entity['salaryLpa'] as { min: number; max: number } | undefined, 'salary');
      if (collection === 'courses' && typeof entity['price'] === 'number' && typeof entity['listPrice'] === 'number' && entity['price'] > entity['listPrice']) {
        problems.push(at(record.parsed, `${record.pointer}/price`, 'PRICE_ORDER', `The price ${entity['price']} is higher than the list price ${entity['listPrice']}.`, 'The price is what students pay; the listPrice is the usual, higher price shown struck through.'));
      }
    }
  }
  return problems;
}
