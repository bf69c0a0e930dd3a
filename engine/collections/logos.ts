import { defineCollection } from '../content/collectionDefinition.ts';

/** Logos of partners and registrations, which pages show by id. */
export default defineCollection('logos', { schema: 'data/logos.schema.json', layout: 'oneFile' });
