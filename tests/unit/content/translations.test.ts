import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentModel } from '../../../engine/content/contentModel.ts';
import { figuresOf } from '../../../engine/content/translation/checkTranslations.ts';
import { textsOf } from '../../../engine/content/translation/translationFiles.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { formatLongDate } from '../../../engine/shared/dates.ts';
import { fillCount } from '../../../engine/shared/fill.ts';
import { formatRupees } from '../../../engine/shared/money.ts';
import { bracedNames } from '../../../engine/shared/placeholders.ts';
import { loadSchemaStore } from '../../../engine/shared/schemaStore.ts';
import { type ContentSnapshot, snapshotFrom } from '../../../engine/vite/contentPlugin.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';

const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, rel), 'utf8'));

describe('Hindi beside English (issue 36)', () => {
  let model: ContentModel;
  let content: ContentSnapshot;
  beforeAll(() => {
    const result = validateContent(projectRoot);
    if (!result.model) throw new Error('the content is invalid');
    model = result.model;
    content = snapshotFrom(model);
  });

  it('has every UI word of data/site.json in Hindi, with the same {placeholders}', () => {
    const english = textsOf(loadSchemaStore(path.join(projectRoot, 'schemas')).validate('data/site.schema.json', read('data/site.json')).collected);
    const hindi = read('data/site.hi.json').texts as Record<string, { text: string }>;
    const words = [...english].filter(([pointer]) => pointer.startsWith('/ui/'));
    expect(words.length).toBeGreaterThan(850);
    const missing = words.filter(([pointer]) => !hindi[pointer]?.text.trim()).map(([pointer]) => pointer);
    expect(missing).toEqual([]);
    const unknown = Object.keys(hindi).filter((pointer) => !english.has(pointer));
    expect(unknown).toEqual([]);
    for (const [pointer, text] of words) expect(bracedNames(hindi[pointer]!.text).sort(), pointer).toEqual(bracedNames(text).sort());
  });

  it('takes every figure, link and id of a Hindi page from its English document', () => {
    const english = content.pages.get('internship/law')!;
    const hindi = content.pages.get('hi/internship/law')!;
    expect(hindi.language).toBe('hi');
    expect(hindi.translated).toBe(true);
    expect(hindi.path).toBe('/hi/internship/law');
    const roles = (page: typeof english) => (page.sections[0] as unknown as { roles: { id: string; title: string; details: Record<string, unknown> }[] }).roles;
    for (const [i, role] of roles(english).entries()) {
      const translated = roles(hindi)[i]!;
      expect(translated.id).toBe(role.id);
      expect(translated.details['stipend']).toBe(role.details['stipend']);
      expect(translated.details['durationWeeks']).toBe(role.details['durationWeeks']);
      expect(translated.details['whoCanApply']).toEqual(role.details['whoCanApply']);
      expect(translated.title).not.toBe(role.title);
    }
    // Links to the site's pages go to the same language; the menus too.
    expect(hindi.breadcrumbs.map((c) => c.path)).toEqual(['/hi', '/hi/internship', '/hi/internship/law']);
    expect(
      content.sites.hi.nav
        .flatMap((item) => [item.link?.path, ...item.children.map((c) => c.path)])
        .filter(Boolean)
        .every((p) => p!.startsWith('/hi')),
    ).toBe(true);
    expect(hindi.languagePaths).toEqual({ en: '/internship/law', hi: '/hi/internship/law' });
    expect(hindi.alternates).toEqual([
      { language: 'en', path: '/internship/law' },
      { language: 'hi', path: '/hi/internship/law' },
    ]);
  });

  it('shows a page with no translation at its Hindi address in English, kept out of the index and paired with nothing', () => {
    expect(model.translations.has('pages/about.json')).toBe(false);
    const about = content.pages.get('hi/about')!;
    expect(about).toMatchObject({ path: '/hi/about', language: 'hi', translated: false, index: false, alternates: [] });
    expect(about.title).toBe(content.pages.get('about')!.title);
    expect(content.pages.get('about')!.alternates).toEqual([]);
    const translated = [...content.pages.values()].filter((p) => p.language === 'hi' && p.translated).length;
    const all = [...content.pages.values()].filter((p) => p.language === 'en').length;
    console.log(`pages translated into Hindi: ${translated} of ${all}`);
  });

  it("writes numbers, dates and counted words in the page's language: ₹ and lakh grouping kept, the same digits", () => {
    // One way of writing for both (engine/shared/money.ts): ₹ and lakh grouping.
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(fillCount({ one: '{count} छात्र', other: '{count} छात्र' }, 150000, {}, 'hi-IN')).toBe('1,50,000 छात्र');
    expect(formatLongDate('2025-03-05', 'en-IN')).toBe('05 March 2025');
    expect(formatLongDate('2025-03-05', 'hi-IN')).toBe('05 मार्च 2025');
    // Hindi's "one" is 0 and 1.
    expect(fillCount({ one: '{count} कोर्स', other: '{count} कोर्सेज़' }, 0, {}, 'hi-IN')).toBe('0 कोर्स');
    expect(fillCount({ one: '{count} course', other: '{count} courses' }, 0, {}, 'en-IN')).toBe('0 courses');
  });

  it('reads the figures of a text in any digits, grouping aside', () => {
    expect(figuresOf('₹15,000 for 12 weeks')).toEqual(['12', '15000']);
    expect(figuresOf('₹१५,००० के लिए १२ हफ़्ते')).toEqual(['12', '15000']);
    expect(figuresOf('no figure')).toEqual([]);
  });
});
