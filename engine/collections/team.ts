import { defineCollection } from '../content/collectionDefinition.ts';

/** The people of the team, which pages show by id. */
export default defineCollection('team', { schema: 'data/team.schema.json', layout: 'oneFile' });
