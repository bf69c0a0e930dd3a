import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckResult,
  DocumentGroup,
  OpenedDocument,
  OpenedTranslation,
  Refusal,
  SavedDocument,
  TranslationState,
} from '../../../editor/protocol/types.ts';
import { buildEditorApp } from '../../../editor/server/editorApp.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { makeTempProject } from '../../../tooling/projectCopy.ts';

const PORT = 5190;
const HOST = `127.0.0.1:${PORT}`;

type Texts = Record<string, { source: string; text: string }>;

/**
 * A document's Hindi beside its English, through the editor's API, in a copy of the project: opened with every text of
 * the English, checked and saved as any document (the validator's problems by the text they are about; a stale text
 * marked checked), created from nothing for a page not translated yet, moved with its English when a list changes, and
 * counted per document in the list.
 */
describe('translations in the content editor’s server', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let app: FastifyInstance;
  const call = (options: InjectOptions) =>
    app.inject({ remoteAddress: '127.0.0.1', ...options, headers: { host: HOST, origin: `http://${HOST}`, ...(options.headers ?? {}) } });
  const openTranslation = async (rel: string) => {
    const answer = await call({ method: 'GET', url: `/api/translation?rel=${encodeURIComponent(rel)}&language=hi` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as OpenedTranslation;
  };
  const open = async (rel: string) => (await call({ method: 'GET', url: `/api/document?rel=${encodeURIComponent(rel)}` })).json() as OpenedDocument;
  const check = async (rel: string, original: string, value: unknown) =>
    (await call({ method: 'POST', url: '/api/check', payload: { rel, original, value } })).json() as CheckResult;
  const save = (rel: string, original: string, openedHash: string | null, value: unknown) =>
    call({ method: 'POST', url: '/api/save', payload: { rel, original, openedHash, value } });
  const progressOf = async (rel: string): Promise<TranslationState | undefined> => {
    const { groups } = (await call({ method: 'GET', url: '/api/documents' })).json() as { groups: DocumentGroup[] };
    for (const group of groups) {
      for (const entry of group.documents) {
        if (entry.rel === rel) return entry.translation;
        const part = entry.parts?.find((p) => p.rel === rel);
        if (part) return part.translation;
      }
    }
    return undefined;
  };
  const read = (rel: string) => fs.readFileSync(path.join(temp.root, rel), 'utf8');
  const textsOf = (rel: string) => (JSON.parse(read(rel)) as { texts: Texts }).texts;

  beforeAll(() => {
    temp = makeTempProject('editor-translations-');
    app = buildEditorApp({ root: temp.root, port: () => PORT });
    validateContent(temp.root);
  });
  afterAll(async () => {
    await app.close();
    temp.remove();
  });

  it('lists each document with how far its Hindi is, and never a translation file as a document of its own', async () => {
    const { groups } = (await call({ method: 'GET', url: '/api/documents' })).json() as { groups: DocumentGroup[] };
    const rels = groups.flatMap((g) => g.documents.flatMap((d) => [d.rel, ...(d.parts ?? []).map((p) => p.rel)]));
    expect(rels.filter((rel) => rel.endsWith('.hi.json'))).toEqual([]);
    const law = await progressOf('pages/internship/law.json');
    expect(law).toMatchObject({ language: 'hi', started: true, toWrite: 0, stale: 0 });
    expect(law!.written).toBe(law!.texts);
    expect(law!.texts).toBeGreaterThan(50);
    // A page with no Hindi file: its texts, none written, not translated yet.
    expect(fs.existsSync(path.join(temp.root, 'pages/about.hi.json'))).toBe(false);
    expect(await progressOf('pages/about.json')).toMatchObject({ language: 'hi', started: false, written: 0, stale: 0 });
  });

  it('opens a page’s Hindi with every text of its English by its place, the English itself and the file as it is', async () => {
    const opened = await openTranslation('pages/internship/law.json');
    expect(opened).toMatchObject({ rel: 'pages/internship/law.hi.json', language: 'hi', text: read('pages/internship/law.hi.json') });
    expect(opened.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.english).toEqual({ rel: 'pages/internship/law.json', schemaRel: 'page.schema.json', text: read('pages/internship/law.json') });
    const english = JSON.parse(opened.english.text);
    expect(opened.texts).toContainEqual({ pointer: '/sections/0/roles/1/title', english: english.sections[0].roles[1].title });
    // Figures, links and ids are not texts: the English alone has them.
    const pointers = opened.texts.map((t) => t.pointer);
    expect(pointers).not.toContain('/path');
    expect(pointers).not.toContain('/sections/0/roles/1/details/stipend');
    expect(pointers).not.toContain('/sections/0/roles/1/id');
    // Every text the Hindi file has is one of them.
    expect(Object.keys(textsOf('pages/internship/law.hi.json')).sort()).toEqual([...pointers].sort());
  });

  it('finds a page by words of its Hindi', async () => {
    const hindi = textsOf('pages/internship/law.hi.json')['/sections/0/roles/1/description']!.text;
    const words = hindi.split(/\s+/).slice(0, 6).join(' ');
    const found = (await call({ method: 'GET', url: `/api/find?q=${encodeURIComponent(words)}` })).json() as { found: { rel: string; excerpt?: string }[] };
    expect(found.found.map((f) => f.rel)).toContain('pages/internship/law.json');
    expect(found.found.find((f) => f.rel === 'pages/internship/law.json')!.excerpt).toMatch(/[\u0900-\u097f]/);
  });

  it('refuses to open the translation of a translation, naming its English', async () => {
    const answer = await call({ method: 'GET', url: '/api/translation?rel=pages/internship/law.hi.json&language=hi' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'NOT_ENGLISH', message: expect.stringContaining('pages/internship/law.json') });
  });

  it('checks a Hindi text as it is typed: a figure the English does not have, and a text emptied, each at its text, in the form’s words', async () => {
    const opened = await openTranslation('pages/internship/law.json');
    const value = JSON.parse(opened.text) as { texts: Texts };
    const title = value.texts['/sections/0/title']!;
    value.texts['/sections/0/title'] = { ...title, text: `${title.text} 2027` };
    value.texts['/description'] = { ...value.texts['/description']!, text: '' };
    const result = await check(opened.rel, opened.text, value);
    expect(result.problems.map((p) => [p.code, p.pointer])).toEqual([
      ['TRANSLATION_MISSING', '/texts/~1description'],
      ['TRANSLATION_CHANGES_A_FIGURE', '/texts/~1sections~10~1title'],
    ]);
    const changed = result.problems.find((p) => p.code === 'TRANSLATION_CHANGES_A_FIGURE')!;
    expect(changed.form.message).toMatch(/^The figures differ from the English/);
    // Saving it is refused, and says the text to translate as such; the file stays as it was.
    const refused = await save(opened.rel, opened.text, opened.hash, value);
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as Refusal).message).toBe('Not saved: 1 problem to fix · 1 text to translate. Keep it as a draft to finish later.');
    expect(read(opened.rel)).toBe(opened.text);
  });

  it('saves a changed Hindi text in its own place only, by the same save as any document', async () => {
    const opened = await openTranslation('pages/internship/law.json');
    const value = JSON.parse(opened.text) as { texts: Texts };
    value.texts['/sections/0/title'] = { ...value.texts['/sections/0/title']!, text: 'कानून इंटर्नशिप' };
    const answer = await save(opened.rel, opened.text, opened.hash, value);
    expect(answer.statusCode, answer.body).toBe(200);
    const after = read(opened.rel);
    const changed = opened.text.split('\n').filter((line, i) => line !== after.split('\n')[i]);
    expect(changed).toHaveLength(1);
    expect(after).toContain('"text": "कानून इंटर्नशिप"');
    expect((answer.json() as SavedDocument).hash).not.toBe(opened.hash);
  });

  it('marks a text stale when its English changes, shows it in the list, and takes it as checked when its source is the new English', async () => {
    const rel = 'pages/internship/law.json';
    const english = await open(rel);
    const value = JSON.parse(english.text);
    const before = value.sections[0].intro as string;
    value.sections[0].intro = `${before} Apply in two minutes.`;
    const checked = await check(rel, english.text, value);
    // The English is checked as if its Hindi were not started: what the change leaves to do there is counted, not refused.
    expect(checked.problems).toEqual([]);
    expect(checked.elsewhere).toEqual([]);
    expect(checked.translation).toMatchObject({ language: 'hi', stale: 1, toWrite: 0 });
    expect((await save(rel, english.text, english.hash, value)).statusCode).toBe(200);
    expect(await progressOf(rel)).toMatchObject({ stale: 1, toWrite: 0 });

    const opened = await openTranslation(rel);
    expect(opened.texts).toContainEqual({ pointer: '/sections/0/intro', english: value.sections[0].intro });
    const hindi = JSON.parse(opened.text) as { texts: Texts };
    expect(hindi.texts['/sections/0/intro']!.source).toBe(before);
    const stale = await check(opened.rel, opened.text, hindi);
    expect(stale.warnings.map((p) => p.code)).toEqual(['TRANSLATION_STALE']);
    // Checked: the new English taken as what it translates.
    hindi.texts['/sections/0/intro']!.source = value.sections[0].intro;
    expect((await check(opened.rel, opened.text, hindi)).warnings).toEqual([]);
    expect((await save(opened.rel, opened.text, opened.hash, hindi)).statusCode).toBe(200);
    expect(await progressOf(rel)).toMatchObject({ stale: 0, toWrite: 0 });
  });

  it('saves an English change that leaves texts to translate (never a deadlock), and moves the Hindi with a role removed', async () => {
    const rel = 'pages/internship/law.json';
    const english = await open(rel);
    const value = JSON.parse(english.text);
    const roles = value.sections[0].roles as { title: string; details: { skills: string[] } }[];
    const hindiBefore = textsOf('pages/internship/law.hi.json');
    const thirdTitle = hindiBefore['/sections/0/roles/2/title']!;
    // The second role removed, and a skill put first in what is now the second.
    roles.splice(1, 1);
    roles[1]!.details.skills.unshift('Legal databases (SCC Online, Manupatra)');
    const checked = await check(rel, english.text, value);
    expect(checked.elsewhere).toEqual([]);
    expect(checked.translation).toMatchObject({ toWrite: 1, stale: 0 });
    expect((await save(rel, english.text, english.hash, value)).statusCode).toBe(200);
    const hindi = textsOf('pages/internship/law.hi.json');
    // The third role's Hindi is now the second's, beside its English; the new skill is the one text to write; the first
    // role's stays where it was.
    expect(hindi['/sections/0/roles/0/title']).toEqual(hindiBefore['/sections/0/roles/0/title']);
    expect(hindi['/sections/0/roles/1/title']).toEqual(thirdTitle);
    expect(hindi['/sections/0/roles/1/details/skills/1']).toEqual(hindiBefore['/sections/0/roles/2/details/skills/0']);
    expect(hindi['/sections/0/roles/1/details/skills/0']).toBeUndefined();
    expect(await progressOf(rel)).toMatchObject({ toWrite: 1, stale: 0 });
    // What is left is the Hindi's one missing text: reported, and the page stays English under /hi/ until it is
    // written; the English is never held back by it.
    const { problems, warnings, model } = validateContent(temp.root);
    expect(problems).toEqual([]);
    expect(warnings.filter((w) => w.code === 'TRANSLATION_MISSING').map((w) => [w.file, w.pointer])).toEqual([
      ['pages/internship/law.hi.json', '/texts/~1sections~10~1roles~11~1details~1skills~10'],
    ]);
    expect(model?.translations.get(rel)?.get('hi')?.complete).toBe(false);
    // Nothing stale: every Hindi text moved stayed beside the English it was made from.
    expect(warnings.filter((w) => w.code === 'TRANSLATION_STALE')).toEqual([]);

    const opened = await openTranslation(rel);
    const written = JSON.parse(opened.text) as { texts: Texts };
    written.texts['/sections/0/roles/1/details/skills/0'] = { source: 'Legal databases (SCC Online, Manupatra)', text: 'लीगल डेटाबेस (SCC Online, Manupatra)' };
    expect((await save(opened.rel, opened.text, opened.hash, written)).statusCode).toBe(200);
    expect(validateContent(temp.root).model?.translations.get(rel)?.get('hi')?.complete).toBe(true);
  });

  it('makes a page’s Hindi file when its texts are first saved, refusing it until every text is written (a draft keeps it meanwhile)', async () => {
    const rel = 'pages/contact.json';
    const opened = await openTranslation(rel);
    expect(opened).toMatchObject({
      rel: 'pages/contact.hi.json',
      hash: null,
      text: '{\n  "$schema": "../schemas/translation.schema.json",\n  "texts": {}\n}\n',
    });
    const texts: Texts = Object.fromEntries(opened.texts.map((t) => [t.pointer, { source: t.english, text: '' }]));
    const [first, ...rest] = opened.texts;
    texts[first!.pointer]!.text = 'संपर्क करें';
    const value = { $schema: '../schemas/translation.schema.json', texts };
    // Its preview is the page in Hindi as far as it is written.
    const { preview } = await check(opened.rel, opened.text, value);
    expect(preview).toHaveProperty('page.language', 'hi');
    expect(JSON.stringify(preview)).toContain('संपर्क करें');
    const partly = await save(opened.rel, opened.text, null, value);
    expect(partly.statusCode).toBe(422);
    expect((partly.json() as Refusal).message).toContain(`${rest.length} texts to translate`);
    expect(fs.existsSync(path.join(temp.root, opened.rel))).toBe(false);
    const draft = await call({ method: 'POST', url: '/api/draft', payload: { rel: opened.rel, original: opened.text, openedHash: null, value } });
    expect(draft.statusCode).toBe(200);
    expect((await openTranslation(rel)).draft?.value).toEqual(value);
    // A translation's draft is not a new page's.
    expect(((await call({ method: 'GET', url: '/api/documents' })).json() as { newDrafts: unknown[] }).newDrafts).toEqual([]);

    // Written out (here each text's Hindi is its English with a mark, keeping its figures and {placeholders}).
    for (const t of rest) texts[t.pointer]!.text = `हिंदी: ${t.english}`;
    const saved = await save(opened.rel, opened.text, null, value);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(textsOf(opened.rel)['/title']).toEqual({ source: opened.texts.find((t) => t.pointer === '/title')!.english, text: expect.any(String) });
    expect(await progressOf(rel)).toMatchObject({ started: true, toWrite: 0, stale: 0 });
    // Made once: a second first save is a conflict, not an overwrite.
    expect((await save(opened.rel, opened.text, null, value)).statusCode).toBe(409);
  });

  it('starts a new page saved from the editor with its Hindi beside it, nothing written: the page is not translated yet and valid', async () => {
    const created = (await call({ method: 'POST', url: '/api/new', payload: { kind: 'jobs', name: 'Finance Jobs' } })).json() as OpenedDocument;
    const value = JSON.parse(created.text.replaceAll('✎ ', ''));
    const answer = await save(created.rel, created.text, null, value);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(JSON.parse(read('pages/jobs/Finance Jobs.hi.json'))).toEqual({ $schema: '../../schemas/translation.schema.json', texts: {} });
    expect(await progressOf(created.rel)).toMatchObject({ started: false, written: 0 });
    expect(validateContent(temp.root).problems).toEqual([]);
  });
});
