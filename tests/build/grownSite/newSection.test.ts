import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SECTION_USE } from './globalSetup.ts';

/**
 * What a developer does to add a section type: `npm run new -- section callout`, use it on a page,
 * then test and build. The scaffold must pass as written, and adding the type must touch no
 * hand-written file but its own. (That it compiles is `npm run typecheck`'s question:
 * scripts/checkTypes.ts scaffolds a type and compiles it.)
 */
describe('npm run new -- section callout, in a copy of the project', () => {
  const site = inject('grownSite');
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: site.root, encoding: 'utf8', stdio: 'pipe' });

  it('writes four hand-written files (three without --definition) and regenerates the lists', () => {
    expect(site.runs.newSection.status, site.runs.newSection.output).toBe(0);
    const { changed, removed } = site.changes.section;
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

  it('passes its own test and the checks of every section type, and is built into the page', () => {
    run(process.execPath, ['--import', 'tsx', 'codegen/generateTypes.ts', '--check']);
    run('npx', ['vitest', 'run', 'engine/sections/Callout', 'tests/unit/sections.test.tsx', 'tests/unit/schemas.test.ts']);
    expect(site.runs.build.status, site.runs.build.output).toBe(0);
    expect(fs.readFileSync(path.join(site.root, 'dist/client/about/index.html'), 'utf8')).toContain(SECTION_USE);
  }, 300_000);

  it('refuses a name that is not camelCase, or a type that exists', () => {
    expect(() => run(process.execPath, ['--import', 'tsx', 'scripts/newPage.ts', 'section', 'Call-out'])).toThrow(/camelCase/);
    expect(() => run(process.execPath, ['--import', 'tsx', 'scripts/newPage.ts', 'section', 'callout'])).toThrow(/already exists/);
  });
});
