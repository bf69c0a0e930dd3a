import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { changedFiles, snapshotFiles } from '../support/fileSnapshot.ts';

/**
 * What a developer does to add a section type: `npm run new -- section callout`, use it on a page,
 * then test and build. The scaffold must pass as written, and adding the type must touch no
 * hand-written file but its own. (That it compiles, `npm run typecheck` checks.)
 */
describe('npm run new -- section callout, in a copy of the project', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let before: Map<string, string>;
  let scaffolded: Map<string, string>;
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: temp.root, encoding: 'utf8', stdio: 'pipe' });
  beforeAll(() => {
    temp = makeTempProject('new-section-');
    before = snapshotFiles(temp.root);
    run('npx', ['tsx', 'scripts/newPage.ts', 'section', 'callout', '--definition']);
    scaffolded = snapshotFiles(temp.root);
    temp.edit('pages/about.json', (text) =>
      text.replace('"sections": [', '"sections": [\n    { "type": "callout", "title": "A callout", "text": "Added with one command." },'),
    );
  }, 120_000);
  afterAll(() => temp.remove());

  it('writes four hand-written files (three without --definition) and regenerates the lists', () => {
    const { changed, removed } = changedFiles(before, scaffolded);
    expect(removed).toEqual([]);
    expect(changed).toEqual([
      'CONTENT.md',
      'engine/generated/content.ts',
      'engine/generated/sectionDefinitions.ts',
      'engine/generated/sectionRegistry.ts',
      'engine/sections/Callout/Callout.test.tsx',
      'engine/sections/Callout/Callout.tsx',
      'engine/sections/Callout/definition.ts',
      'schemas/section.schema.json',
      'schemas/sections/callout.schema.json',
    ]);
  });

  // That the scaffold compiles is `npm run typecheck`'s question (scripts/checkTypes.ts scaffolds a type and compiles it).
  it('passes its own test and the checks of every section type, and is built into the page', () => {
    run('npx', ['tsx', 'codegen/generateTypes.ts', '--check']);
    run('npx', ['vitest', 'run', 'engine/sections/Callout', 'tests/unit/sections.test.tsx', 'tests/unit/schemas.test.ts']);
    run('npx', ['tsx', 'scripts/build.ts']);
    expect(temp.read('dist/client/about/index.html')).toContain('Added with one command.');
  }, 300_000);

  it('refuses a name that is not camelCase, or a type that exists', () => {
    expect(() => run('npx', ['tsx', 'scripts/newPage.ts', 'section', 'Call-out'])).toThrow(/camelCase/);
    expect(() => run('npx', ['tsx', 'scripts/newPage.ts', 'section', 'callout'])).toThrow(/already exists/);
  });
});
