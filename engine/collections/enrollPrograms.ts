import { defineCollection } from '../content/collectionDefinition.ts';

/** The programs students enrol in, which pages list by id. */
export default defineCollection('enrollPrograms', { schema: 'data/enrollPrograms.schema.json', layout: 'oneFile' });
