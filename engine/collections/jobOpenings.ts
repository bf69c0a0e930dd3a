import { defineCollection } from '../content/collectionDefinition.ts';
import { checkRange } from '../content/roleRules.ts';

/** Our own job openings. */
export default defineCollection('jobOpenings', {
  schema: 'data/jobOpenings.schema.json',
  layout: 'oneFile',
  rules: (opening, check) => checkRange(opening.salaryLpa, '/salaryLpa', 'salary', check),
});
