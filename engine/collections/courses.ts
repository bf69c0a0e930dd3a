import { defineCollection } from '../content/collectionDefinition.ts';

/** The courses of the catalogue. */
export default defineCollection('courses', {
  schema: 'data/courses.schema.json',
  layout: 'oneFile',
  rules(course, check) {
    if (typeof course.price === 'number' && typeof course.listPrice === 'number' && course.price > course.listPrice) {
      check.report('/price', 'PRICE_ORDER', { field: 'price', price: course.price, usual: course.listPrice });
    }
  },
});
