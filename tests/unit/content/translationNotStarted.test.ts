import { describe, expect, it } from 'vitest';
import { translationSkeleton } from '../../../engine/content/translation/translationFiles.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';

/**
 * A new page starts with its Hindi file beside it, nothing written yet (`npm run new`, the editor's new page): that is
 * the page not translated yet, as if there were no file, and not a page with every text missing. One text written
 * makes it a translation, held to every rule.
 */
const ABOUT_HI = 'pages/about.hi.json';
const SCHEMA = '../schemas/translation.schema.json';
const check = (doc: unknown) => validateContent(projectRoot, { overlay: new Map([[ABOUT_HI, `${JSON.stringify(doc, null, 2)}\n`]]) });

describe('a translation with no text written yet', () => {
  it('is valid and leaves the page untranslated (English under /hi/ with the notice), with no entries or with every entry empty', () => {
    for (const texts of [{}, { '/title': { source: 'About InternCraft', text: '' }, '/sections/0/title': { source: 'Anything', text: ' ' } }]) {
      const result = check({ $schema: SCHEMA, texts });
      expect(result.problems.filter((p) => p.file === ABOUT_HI)).toEqual([]);
      expect(result.warnings.filter((p) => p.file === ABOUT_HI)).toEqual([]);
      expect(result.model?.translations.has('pages/about.json')).toBe(false);
    }
  });

  it('becomes a translation with its first written text: every text not written is then reported missing, and the page stays English until all are', () => {
    const english = validateContent(projectRoot).model!.pages.find((p) => p.file.rel === 'pages/about.json')!;
    const texts = english.collected.texts.filter((t) => typeof t.value === 'string');
    expect(texts.length).toBeGreaterThan(3);
    const [first] = texts;
    const result = check({ $schema: SCHEMA, texts: { [first!.pointer]: { source: first!.value, text: 'हमारे बारे में' } } });
    const missing = result.warnings.filter((p) => p.file === ABOUT_HI && p.code === 'TRANSLATION_MISSING');
    expect(missing).toHaveLength(texts.length - 1);
    expect(result.problems).toEqual([]);
    expect(result.model?.translations.get('pages/about.json')?.get('hi')?.complete).toBe(false);
  });
});

describe('translationSkeleton', () => {
  it('gives a text not written yet the English as it is now, and keeps a written one with the English it was made from', () => {
    const english = new Map([
      ['/title', 'Law Internships'],
      ['/intro', 'Work with advocates.'],
      ['/new', 'A new text'],
    ]);
    const existing = {
      texts: {
        '/title': { source: 'Law internships', text: 'कानून इंटर्नशिप' },
        '/intro': { source: '✎ A sentence from the template', text: '' },
        '/gone': { source: 'Removed from the English', text: 'हटाया गया' },
      },
    };
    expect(translationSkeleton(english, existing, SCHEMA)).toEqual({
      $schema: SCHEMA,
      texts: {
        '/title': { source: 'Law internships', text: 'कानून इंटर्नशिप' },
        '/intro': { source: 'Work with advocates.', text: '' },
        '/new': { source: 'A new text', text: '' },
      },
    });
  });
});
