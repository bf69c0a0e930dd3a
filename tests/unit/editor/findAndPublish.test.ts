import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentGroup, FoundDocument, PublishProblem, Refusal } from '../../../editor/protocol/types.ts';
import { buildEditorApp } from '../../../editor/server/editorApp.ts';
import { makeTempProject } from '../../../tooling/projectCopy.ts';

const PORT = 5190;
const HOST = `127.0.0.1:${PORT}`;

/** Finding things as the content team names them, and what stops a publish (issue 26). */
describe('the editor’s list, Find and Publish, in a copy of the project', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let app: FastifyInstance;
  const call = (options: InjectOptions) =>
    app.inject({ remoteAddress: '127.0.0.1', ...options, headers: { host: HOST, origin: `http://${HOST}`, ...options.headers } });
  const groups = async () => ((await call({ method: 'GET', url: '/api/documents' })).json() as { groups: DocumentGroup[] }).groups;
  const find = async (q: string) => ((await call({ method: 'GET', url: `/api/find?q=${encodeURIComponent(q)}` })).json() as { found: FoundDocument[] }).found;

  beforeAll(() => {
    temp = makeTempProject('editor-find-');
    app = buildEditorApp({ root: temp.root, port: () => PORT, siteUrl: 'http://localhost:5326' });
  });
  afterAll(async () => {
    await app.close();
    temp.remove();
  });

  it('lists pages by what a person calls them, grouped as the site’s menus group them', async () => {
    const list = await groups();
    expect(list.map((g) => g.label)).toEqual([
      'Home',
      'Internships',
      'Courses',
      'Jobs',
      'Services',
      'Verify Certificate',
      'More',
      'Other pages',
      'Site settings',
      'Shared lists',
    ]);
    const labels = (id: string) => list.find((g) => g.id === id)!.documents.map((d) => d.label);
    expect(labels('home')).toEqual(['Home']);
    expect(labels('internships')).toContain('Law internships');
    expect(labels('internships')).toContain('Psychology internships');
    expect(labels('internships')).not.toContain('Enroll');
    expect(labels('courses')).toContain('Python Programming course');
    // Every document is listed once: nothing under two names, no page lost.
    const rels = list.flatMap((g) => g.documents.flatMap((d) => (d.parts ?? [d]).map((p) => p.rel)));
    expect(new Set(rels).size).toBe(rels.length);
  });

  it('lists a course once: its details (where the price is), its page and its enrolment page as parts of one thing', async () => {
    const courses = (await groups()).find((g) => g.id === 'courses')!.documents;
    // Each part with how far its Hindi is (every text of this course's is written and checked).
    const translated = expect.objectContaining({ language: 'hi', started: true, toWrite: 0, stale: 0 });
    expect(courses.filter((d) => d.label.startsWith('Python Programming'))).toEqual([
      {
        rel: 'data/courseDetails/PythonProgramming.json',
        label: 'Python Programming course',
        detail: '/courses/PythonProgramming',
        translation: translated,
        parts: [
          {
            rel: 'data/courseDetails/PythonProgramming.json',
            label: 'Course details',
            detail: 'Prices, weeks, syllabus, instructor, questions',
            translation: translated,
          },
          { rel: 'pages/courses/PythonProgramming.json', label: 'Page', detail: '/courses/PythonProgramming', translation: translated },
        ],
      },
    ]);
    const web = courses.filter((d) => /^Web Development/.test(d.label));
    expect(web.map((d) => d.label)).toEqual(['Web Development course', 'Web Development short course']);
    expect(web[1]!.parts!.map((p) => p.label)).toEqual(['Course details', 'Enrolment page', 'Page']);
  });

  it('finds the home page by typing "home", and a page by words inside it, with those words', async () => {
    expect((await find('home'))[0]).toMatchObject({ label: 'Home', detail: '/', group: 'Home' });
    const law = await find('law');
    expect(law[0]).toMatchObject({ label: 'Law internships' });
    const inside = await find('shareholder agreements');
    expect(inside.length).toBeGreaterThan(0);
    expect(inside[0]!.excerpt).toMatch(/shareholder agreements/i);
    expect(await find('no page says zzqx')).toEqual([]);
  });

  it('answers a new stream whose page exists with the page to open instead', async () => {
    const taken = await call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: 'Psychology' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ existing: { rel: 'pages/internship/Psychology.json', label: 'Psychology internships' } });
  });

  it('refuses to publish while a link is a placeholder or a text holds ✎, naming each document and field, and builds nothing', async () => {
    temp.edit('pages/about.json', (text) => text.replace(/"title": "([^"]+)"/, '"title": "✎ $1"'));
    const answer = await call({ method: 'POST', url: '/api/publish', payload: {} });
    expect(answer.statusCode).toBe(422);
    const status = answer.json() as Refusal & { problems: PublishProblem[] };
    expect(status.code).toBe('PUBLISH_REFUSED');
    const placeholders = status.problems.filter((p) => p.code === 'PLACEHOLDER_LINK');
    expect(placeholders.map((p) => p.pointer)).toContain('/links/registerForm');
    expect(placeholders.every((p) => p.document === 'Site settings')).toBe(true);
    const template = status.problems.find((p) => p.code === 'TEMPLATE_TEXT');
    expect(template).toMatchObject({ file: 'pages/about.json', pointer: '/title', document: 'About Us' });
    // In the form's words: no property names, files or lines.
    expect(placeholders[0]!.form.message).toMatch(/^This is not the real address yet: “https:\/\/[^”]+” is marked as a placeholder\.$/);
    expect((await call({ method: 'GET', url: '/api/publish' })).json()).toMatchObject({ state: 'refused' });
    expect((await call({ method: 'GET', url: '/api/publish/history' })).json()).toMatchObject({ releases: [], canUndo: false });
  });
});
