import { defineCollection } from '../content/collectionDefinition.ts';

/** The questions of the site's application forms, which internship streams, courses, job roles and openings name by id. */
export default defineCollection('applicationForms', {
  schema: 'data/applicationForms.schema.json',
  layout: 'oneFile',
  rules(form, check) {
    const ids = form.questions.map((q) => q.id);
    form.questions.forEach((question, n) => {
      if (ids.indexOf(question.id) !== n) check.report(`/questions/${n}/id`, 'DUPLICATE_ID', { id: question.id, owner: `the form ${form.id}` });
      if (question.min !== undefined && question.max !== undefined && question.min > question.max) {
        check.report(`/questions/${n}/min`, 'MIN_ABOVE_MAX', { what: `answer to ${JSON.stringify(question.label)}`, min: question.min, max: question.max });
      }
    });
  },
});
