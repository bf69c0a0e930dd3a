import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { makeTempProject } from '../../../tooling/projectCopy.ts';
import { changedFiles, snapshotFiles } from '../../support/fileSnapshot.ts';
import { TEST_BUILD_ENV } from '../../support/testBuilds.ts';

/** A command run in the copy: its exit status and what it printed (standard output, then error). */
export interface Run {
  status: number | null;
  output: string;
}

/**
 * A copy of the project grown as its people grow it, each step as CONTRIBUTING.md and CONTENT.md say, then built
 * once: a developer adds a section type (`npm run new -- section callout --definition`) and uses it on /about; an
 * author adds a page file (/internship/Data Science Lab); another adds a stream (`npm run new -- internship "Data
 * Analytics"`), which the build refuses until its ✎ texts are written. The tests of this folder read what each step
 * did and the one build; none changes the copy. A step that fails is recorded, not thrown, so the test that
 * owns it says so.
 */
export interface GrownSite {
  root: string;
  /** The files each step changed or removed (dist/, node_modules and .data/ aside). */
  changes: Record<'section' | 'page' | 'stream' | 'build', { changed: string[]; removed: string[] }>;
  runs: {
    newSection: Run;
    newStream: Run;
    validate: Run;
    refusedBuild: Run;
    validateAfterWriting: Run;
    build: Run;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    grownSite: GrownSite;
  }
}

export const SECTION_USE = 'Added with one command.';
export const PAGE_FILE = 'pages/internship/Data Science Lab.json';
export const STREAM_FILE = 'pages/internship/Data Analytics.json';

export default function setup(project: TestProject) {
  const temp = makeTempProject('grown-site-');
  const run = (...args: string[]): Run => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: temp.root, encoding: 'utf8', env: { ...process.env, ...TEST_BUILD_ENV } });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };
  const steps: GrownSite['changes'] = {} as GrownSite['changes'];
  let last = snapshotFiles(temp.root);
  const step = (name: keyof GrownSite['changes']) => {
    const now = snapshotFiles(temp.root);
    steps[name] = changedFiles(last, now);
    last = now;
  };

  const newSection = run('scripts/newPage.ts', 'section', 'callout', '--definition');
  step('section');
  temp.edit('pages/about.json', (text) =>
    text.replace('"sections": [', `"sections": [\n    { "type": "callout", "title": "A callout", "text": "${SECTION_USE}" },`),
  );
  last = snapshotFiles(temp.root);

  temp.write(
    PAGE_FILE,
    JSON.stringify(
      {
        $schema: '../../schemas/page.schema.json',
        path: '/internship/Data Science Lab',
        title: 'Data Science Lab Internships | InternCraft',
        description: 'A test page added by a test: online data science lab internships with projects and a certificate.',
        nav: { menu: 'internships', label: 'Data Science Lab', order: 99 },
        sections: [{ type: 'hero', title: 'Data Science Lab', text: 'Added without touching any code.' }],
      },
      null,
      2,
    ),
  );
  step('page');

  const newStream = run('scripts/newPage.ts', 'internship', 'Data Analytics');
  const validate = run('scripts/validate.ts');
  const refusedBuild = run('scripts/build.ts');
  // The author writes every text the template marked (here: keeps the suggested words, without the mark).
  temp.edit(STREAM_FILE, (text) => text.replaceAll('✎ ', ''));
  const validateAfterWriting = run('scripts/validate.ts');
  step('stream');

  const build = run('scripts/build.ts');
  step('build');

  project.provide('grownSite', { root: temp.root, changes: steps, runs: { newSection, newStream, validate, refusedBuild, validateAfterWriting, build } });
  return () => temp.remove();
}
