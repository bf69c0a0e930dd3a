import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectionDefinitionsModule, listCollections } from '../../codegen/generateCollectionList.ts';
import { collections } from '../../engine/generated/collectionDefinitions.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * Each collection of data/ is declared once, in engine/collections/<name>.ts: its schema, where
 * its items are kept and its rules. Codegen lists the definitions; a schema without one, or a
 * layout its schema does not have, is refused with what to do.
 */
describe('the data collections', () => {
  it('are listed from their definitions, each with its schema and where its items are kept', async () => {
    const listed = await listCollections(projectRoot);
    expect(listed.map((c) => `${c.name}: ${c.schema} ${c.layout}`)).toEqual([
      'applicationForms: data/applicationForms.schema.json oneFile',
      'courseCategories: data/courseCategories.schema.json oneFile',
      'courseDetails: data/courseDetails.schema.json filePerItem',
      'courses: data/courses.schema.json oneFile',
      'enrollPrograms: data/enrollPrograms.schema.json oneFile',
      'internshipPrograms: data/internshipPrograms.schema.json oneFile',
      'jobOpenings: data/jobOpenings.schema.json oneFile',
      'logos: data/logos.schema.json oneFile',
      'team: data/team.schema.json oneFile',
      'testimonials: data/testimonials.schema.json oneFile',
    ]);
    expect(Object.keys(collections)).toEqual(listed.map((c) => c.name));
    expect(fs.readFileSync(path.join(projectRoot, 'engine/generated/collectionDefinitions.ts'), 'utf8')).toBe(collectionDefinitionsModule(listed));
  });

  describe('codegen, in a copy of the schemas and the engine', () => {
    let root: string;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'collections-'));
      for (const rel of ['schemas', 'engine']) fs.cpSync(path.join(projectRoot, rel), path.join(root, rel), { recursive: true });
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('refuses a schema in schemas/data that no definition names, saying what to add', async () => {
      fs.copyFileSync(path.join(root, 'schemas/data/logos.schema.json'), path.join(root, 'schemas/data/events.schema.json'));
      await expect(listCollections(root)).rejects.toThrow(
        "schemas/data/events.schema.json is the schema of no collection: add engine/collections/events.ts (`export default defineCollection('events', { schema: 'data/events.schema.json', layout: 'oneFile' })`).",
      );
    });

    it('refuses a layout the schema does not have, and a definition named other than its file', async () => {
      const file = path.join(root, 'engine/collections/logos.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("layout: 'oneFile'", "layout: 'filePerItem'"));
      fs.writeFileSync(path.join(root, 'engine/collections/events.ts'), fs.readFileSync(path.join(root, 'engine/collections/team.ts'), 'utf8'));
      const error = await listCollections(root).then(
        () => undefined,
        (e: Error) => e.message,
      );
      expect(error?.split('\n')).toEqual([
        "engine/collections/events.ts must `export default defineCollection('events', { schema, layout })`, named as its file.",
        'engine/collections/logos.ts keeps one item per file, but schemas/data/logos.schema.json describes a file with an "items" list: describe one item, or keep them in one file.',
      ]);
    });
  });
});
