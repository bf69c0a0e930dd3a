import { defineCollection } from '../content/collectionDefinition.ts';

/** Testimonials, which pages show by id. */
export default defineCollection('testimonials', { schema: 'data/testimonials.schema.json', layout: 'oneFile' });
