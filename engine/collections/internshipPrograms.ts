import { defineCollection } from '../content/collectionDefinition.ts';

/** The internship programs, which pages list by id. */
export default defineCollection('internshipPrograms', { schema: 'data/internshipPrograms.schema.json', layout: 'oneFile' });
