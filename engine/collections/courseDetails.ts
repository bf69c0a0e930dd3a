import { defineCollection } from '../content/collectionDefinition.ts';

/** The content of each course detail page, one file per course: data/courseDetails/<Id>.json, which a page names by that id. */
export default defineCollection('courseDetails', {
  schema: 'data/courseDetails.schema.json',
  layout: 'filePerItem',
  rules(course, check) {
    if (typeof course.newPrice === 'number' && typeof course.oldPrice === 'number' && course.newPrice > course.oldPrice) {
      check.report('/newPrice', 'PRICE_ORDER', { field: 'newPrice', price: course.newPrice, usual: course.oldPrice });
    }
  },
  pageKind: 'course',
  itemDetail: 'Prices, weeks, syllabus, instructor, questions',
});
