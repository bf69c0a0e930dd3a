import { defineCollection } from '../content/collectionDefinition.ts';

/** The catalogue's categories, which courses name. */
export default defineCollection('courseCategories', { schema: 'data/courseCategories.schema.json', layout: 'oneFile' });
