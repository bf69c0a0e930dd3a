import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT_SCHEMA, uiTextSchema } from '../../../codegen/generateUiText.ts';
import type { OpenedDocument, Refusal, SavedDocument } from '../../../editor/protocol/types.ts';
import { buildEditorApp, startEditorServer } from '../../../editor/server/editorApp.ts';
import { rewriteJson } from '../../../editor/server/jsonEdits.ts';
import { discoverContent } from '../../../engine/content/discoverContent.ts';
import { projectPaths } from '../../../engine/content/projectPaths.ts';
import { scaffoldFiles } from '../../../engine/content/scaffolds.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { makeTempProject } from '../../../tooling/projectCopy.ts';

const PORT = 5190;

interface UiSchema {
  properties: { verify: { properties: { button: { examples: unknown[] } } } };
}
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;

describe('the content editor’s server, in a copy of the project', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let app: FastifyInstance;
  /** A request as the editor's own page makes it. */
  const call = (options: InjectOptions) => {
    // A header given as undefined is left out (a request without an Origin).
    const headers = Object.fromEntries(Object.entries({ host: HOST, origin: ORIGIN, ...(options.headers ?? {}) }).filter(([, v]) => v !== undefined));
    return app.inject({ remoteAddress: '127.0.0.1', ...options, headers });
  };
  const open = async (rel: string) => (await call({ method: 'GET', url: `/api/document?rel=${encodeURIComponent(rel)}` })).json() as OpenedDocument;
  const save = (rel: string, original: string, openedHash: string | null, value: unknown) =>
    call({ method: 'POST', url: '/api/save', payload: { rel, original, openedHash, value } });

  beforeAll(() => {
    temp = makeTempProject('editor-server-');
    app = buildEditorApp({ root: temp.root, port: () => PORT });
    // Every check and save validates the copy; its schemas are compiled once here, for all of them (seconds on a busy machine).
    validateContent(temp.root);
  });
  afterAll(async () => {
    await app.close();
    temp.remove();
  });

  it('saving an unchanged document changes no byte of it, for every file in pages/ and data/', async () => {
    const { files } = discoverContent(projectPaths(temp.root));
    expect(files.length).toBeGreaterThan(90);
    // A save of an unchanged document passes its check when the project has no problem: one check of the whole project
    // here, where a save per file ran it once per file (109 times; minutes of a busy machine).
    expect(validateContent(temp.root, { templateText: 'error' }).problems).toEqual([]);
    // What a save writes is the text rewritten with the value the browser sends (saveDocument writes checkDocument's
    // text, and only when it differs from the file): for every file, the very same bytes.
    const kinds = new Map<string, string>();
    for (const file of files) {
      const opened = await open(file.rel);
      expect(rewriteJson(opened.text, JSON.parse(opened.text), JSON.parse(opened.text)), file.rel).toBe(fs.readFileSync(file.abs, 'utf8'));
      if (!kinds.has(file.kind)) kinds.set(file.kind, file.rel);
    }
    // And the whole way through the server, a file of each kind (a page, the site settings, a collection's file, an
    // item, a translation).
    expect([...kinds.keys()].sort()).toEqual(['collectionFile', 'collectionItem', 'page', 'site', 'translation']);
    for (const rel of kinds.values()) {
      const before = fs.readFileSync(path.join(temp.root, rel));
      const opened = await open(rel);
      const response = await save(rel, opened.text, opened.hash, JSON.parse(opened.text));
      expect(response.statusCode, `${rel}: ${response.body}`).toBe(200);
      expect(Buffer.compare(fs.readFileSync(path.join(temp.root, rel)), before), rel).toBe(0);
    }
    console.log(`byte for byte: ${files.length} files of pages/ and data/ rewritten unchanged; ${[...kinds.values()].join(', ')} saved unchanged`);
  });

  it('a changed value rewrites only its own span: every other byte stays as it was', async () => {
    const rel = 'pages/internship/law.json';
    const opened = await open(rel);
    const value = JSON.parse(opened.text);
    value.sections[0].roles[1].details.stipend = 5500;
    value.nav.order = 11;
    expect((await save(rel, opened.text, opened.hash, value)).statusCode).toBe(200);
    const after = fs.readFileSync(path.join(temp.root, rel), 'utf8');
    const changed = opened.text.split('\n').flatMap((line, i) => (line === after.split('\n')[i] ? [] : [`${line} → ${after.split('\n')[i]}`]));
    expect(after.split('\n')).toHaveLength(opened.text.split('\n').length);
    expect(changed).toEqual([expect.stringMatching(/"order": 10 },? → .*"order": 11 }/), expect.stringMatching(/"stipend": 5000,? → .*"stipend": 5500/)]);
  });

  it("saving a changed UI word keeps the UI words' schema in step (its example is the word as saved), so `codegen --check` still passes", async () => {
    const rel = 'data/site.json';
    const schemaFile = path.join(temp.root, UI_TEXT_SCHEMA);
    const wordOf = () => (JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as UiSchema).properties.verify.properties.button.examples[0];
    const opened = await open(rel);
    const value = JSON.parse(opened.text);
    const shipped = value.ui.verify.button;
    expect(wordOf()).toBe(shipped);
    value.ui.verify.button = 'Check the certificate';
    const saved = await save(rel, opened.text, opened.hash, value);
    expect(saved.statusCode).toBe(200);
    expect(wordOf()).toBe('Check the certificate');
    expect(fs.readFileSync(schemaFile, 'utf8')).toBe(uiTextSchema(temp.root));
    // Put it back for the tests that follow.
    value.ui.verify.button = shipped;
    const first = saved.json() as SavedDocument;
    expect((await save(rel, first.text, first.hash, value)).statusCode).toBe(200);
    expect(wordOf()).toBe(shipped);
  });

  it('shows the problems of `npm run validate`, in its words, for a document as the person types it', async () => {
    const rel = 'pages/internship/law.json';
    const opened = await open(rel);
    const value = JSON.parse(opened.text);
    value.sections[0].roles[0].details.stipend = '6000/month';
    value.sections[0].titel = 'Law';
    const check = (await call({ method: 'POST', url: '/api/check', payload: { rel, original: opened.text, value } })).json() as {
      text: string;
      problems: unknown[];
    };
    // The same text on disk, checked by the validator as `npm run validate` runs it (then the file as it was).
    temp.write(rel, check.text);
    try {
      const onDisk = validateContent(temp.root).problems.filter((p) => p.file === rel);
      expect(onDisk.length).toBe(2);
      expect(check.problems).toEqual(JSON.parse(JSON.stringify(onDisk)));
    } finally {
      temp.write(rel, opened.text);
    }
  });

  it('never writes a document with problems over a file; it can be kept as a draft outside pages/ and data/', async () => {
    const rel = 'pages/about.json';
    const opened = await open(rel);
    const value = JSON.parse(opened.text);
    value.description = 'Too short.';
    const response = await save(rel, opened.text, opened.hash, value);
    expect(response.statusCode).toBe(422);
    const outcome = response.json() as Required<Refusal>;
    expect(outcome.problems.map((p) => p.code)).toEqual(['TEXT_TOO_SHORT']);
    expect(fs.readFileSync(path.join(temp.root, rel), 'utf8')).toBe(opened.text);

    const draft = await call({ method: 'POST', url: '/api/draft', payload: { rel, original: opened.text, openedHash: opened.hash, value } });
    expect(draft.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(temp.root, rel), 'utf8')).toBe(opened.text);
    const reopened = await open(rel);
    expect(reopened.draft?.value).toEqual(value);
    expect(fs.readdirSync(path.join(temp.root, '.cache', 'editor-drafts'))).toHaveLength(1);
  });

  it('refuses a change that would break another file (an id a page refers to)', async () => {
    const rel = 'data/testimonials.json';
    const opened = await open(rel);
    const value = JSON.parse(opened.text);
    const used = value.items.find((t: { id: string }) => fs.readFileSync(path.join(temp.root, 'pages/internship/law.json'), 'utf8').includes(`"${t.id}"`));
    used.id = `${used.id}Renamed`;
    const response = await save(rel, opened.text, opened.hash, value);
    expect(response.statusCode).toBe(422);
    const outcome = response.json() as Required<Refusal>;
    expect(outcome.elsewhere.some((p) => p.code === 'UNKNOWN_REFERENCE' && p.file === 'pages/internship/law.json')).toBe(true);
    expect(fs.readFileSync(path.join(temp.root, rel), 'utf8')).toBe(opened.text);
  });

  it('shows a conflict when the file changed on disk since it was opened, and does not overwrite it', async () => {
    const rel = 'pages/faq.json';
    const opened = await open(rel);
    const someoneElse = opened.text.replace('"title": "', '"title": "Changed elsewhere: ');
    temp.write(rel, someoneElse);
    const value = JSON.parse(opened.text);
    value.index = true;
    const response = await save(rel, opened.text, opened.hash, value);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT_CHANGED', diskText: someoneElse });
    expect(fs.readFileSync(path.join(temp.root, rel), 'utf8')).toBe(someoneElse);
  });

  it('starts a stream or a job category from the same scaffold as `npm run new`, and refuses it as ready while a ✎ text remains', async () => {
    const created = (await call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: 'Data Analytics' } })).json() as OpenedDocument;
    const [expected] = scaffoldFiles(projectPaths(temp.root), 'internship', 'Data Analytics', 'InternCraft');
    expect(created).toMatchObject({ rel: expected!.rel, text: expected!.text, hash: null });
    const response = await save(created.rel, created.text, null, JSON.parse(created.text));
    expect(response.statusCode).toBe(422);
    const outcome = response.json() as Required<Refusal>;
    expect(outcome.warnings).toHaveLength(22);
    expect(outcome.warnings.every((p) => p.code === 'TEMPLATE_TEXT')).toBe(true);
    expect(fs.existsSync(path.join(temp.root, created.rel))).toBe(false);
    const jobs = (await call({ method: 'POST', url: '/api/new', payload: { kind: 'jobs', name: 'Finance Jobs' } })).json() as OpenedDocument;
    const [expectedJobs] = scaffoldFiles(projectPaths(temp.root), 'jobs', 'Finance Jobs', 'InternCraft');
    expect(jobs).toMatchObject({ rel: 'pages/jobs/Finance Jobs.json', text: expectedJobs!.text, hash: null });
    const taken = await call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: 'Law' } });
    expect(taken.statusCode).toBe(409);
    // The answer names the page that has the address, so the editor can offer to open it instead.
    expect(taken.json()).toEqual({
      code: 'PAGE_EXISTS',
      message: 'A page with the path /internship/law already exists.',
      existing: { rel: 'pages/internship/law.json', label: 'Law internships' },
    });
  });

  it.each([
    ['../package.json'],
    ['pages/../package.json'],
    ['/etc/passwd'],
    ['public/images/x.json'],
    ['schemas/page.schema.json'],
    ['pages/notes.txt'],
    ['data/secrets.json'],
    ['data/courseDetails/../../package.json'],
    ['pages\\..\\package.json'],
  ])('refuses to write %s, which is not a content file', async (rel) => {
    const response = await save(rel, '{}', null, { hello: 'world' });
    expect(response.statusCode).toBe(400);
    expect(fs.existsSync(path.join(temp.root, 'pages', 'notes.txt'))).toBe(false);
    expect(fs.existsSync(path.join(temp.root, 'data', 'secrets.json'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(temp.root, 'package.json'), 'utf8'))).toHaveProperty('name');
  });

  it('refuses a link that leads out of pages/', async () => {
    // A folder of its own outside the project, so nothing else's files can make the check pass or fail.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-outside-'));
    fs.symlinkSync(outside, path.join(temp.root, 'pages', 'elsewhere'));
    try {
      const response = await save('pages/elsewhere/x.json', '{}', null, { path: '/x' });
      expect(response.statusCode).toBe(400);
      expect(fs.readdirSync(outside)).toEqual([]);
    } finally {
      fs.rmSync(path.join(temp.root, 'pages', 'elsewhere'));
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  describe('pictures uploaded into public/images', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const upload = (query: string, body: Buffer, type = 'image/png') =>
      call({ method: 'POST', url: `/api/images?${query}`, payload: body, headers: { 'content-type': type } });

    it('writes a picture whose type and size are right', async () => {
      const response = await upload('folder=roles/data-analytics&name=chart.png', png);
      expect(response.json()).toEqual({ path: '/images/roles/data-analytics/chart.png' });
      expect(fs.readFileSync(path.join(temp.root, 'public/images/roles/data-analytics/chart.png'))).toEqual(png);
      expect((await upload('folder=roles/data-analytics&name=chart.png', png)).statusCode).toBe(409);
    });

    it.each([
      ['folder=../../pages&name=x.png', png, 'image/png', 400],
      ['folder=roles&name=../x.png', png, 'image/png', 400],
      ['folder=roles&name=photo.exe', png, 'image/png', 400],
      ['folder=roles&name=fake.png', Buffer.from('<html></html>'), 'image/png', 415],
      ['folder=roles&name=page.svg', Buffer.from('<html><body><p>not a drawing</p></body></html>'), 'image/svg+xml', 415],
      ['folder=roles&name=huge.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', 413],
    ])('refuses %s', async (query, body, type, status) => {
      const response = await upload(query, body, type);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toHaveProperty('message');
      expect(fs.existsSync(path.join(temp.root, 'pages', 'x.png'))).toBe(false);
    });
  });

  describe('SVGs uploaded into public/images', () => {
    const upload = (name: string, svg: string) =>
      call({ method: 'POST', url: `/api/images?folder=roles&name=${name}`, payload: Buffer.from(svg), headers: { 'content-type': 'image/svg+xml' } });
    const written = (name: string) => fs.readFileSync(path.join(temp.root, 'public/images/roles', name), 'utf8');

    it.each([
      ['script.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="5"/></svg>', ['<script>']],
      ['handler.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>', ['onload']],
      [
        'prefixed.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script><circle r="5"/></svg>',
        ['<svg:script>'],
      ],
      [
        'entity.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><circle r="5"/></a></svg>',
        ['xlink:href'],
      ],
    ])('writes %s as DOMPurify cleaned it, and says what it took out', async (name, svg, removed) => {
      const response = await upload(name, svg);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ path: `/images/roles/${name}`, removed: expect.arrayContaining(removed) });
      const text = written(name);
      expect(text).toContain('<circle r="5"/>');
      expect(text).not.toMatch(/script|onload|javascript|&#106;/i);
    });
  });

  describe('answers only this computer and its own pages', () => {
    it.each([
      ['another origin', { headers: { origin: 'https://evil.example' } }, 'Requests from other sites are refused'],
      ['another port of this computer', { headers: { origin: 'http://127.0.0.1:5000' } }, 'Requests from other sites are refused'],
      ['a page of another site (no Origin)', { headers: { origin: undefined, 'sec-fetch-site': 'cross-site' } }, 'Requests from other sites are refused'],
      ['a DNS name pointed at this computer', { headers: { host: `evil.example:${PORT}` } }, 'The editor answers only at http://127.0.0.1'],
      ['another address', { remoteAddress: '192.168.1.20' }, 'The editor answers only this computer'],
    ] as const)('refuses a request from %s', async (_what, options, message) => {
      for (const request of [
        { method: 'GET', url: '/api/documents' },
        { method: 'POST', url: '/api/save', payload: { rel: 'pages/about.json', original: '{}', openedHash: null, value: {} } },
      ] as const) {
        const response = await call({ ...request, ...options, headers: { ...(options as { headers?: object }).headers } } as InjectOptions);
        expect(response.statusCode).toBe(403);
        expect((response.json() as { message: string }).message).toContain(message);
      }
    });

    it('answers its own page, with or without an Origin', async () => {
      expect((await call({ method: 'GET', url: '/api/documents' })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: '/api/documents', headers: { origin: undefined, host: `localhost:${PORT}` } })).statusCode).toBe(200);
    });

    it('listens on 127.0.0.1 only: another address of this machine is refused', async () => {
      const { app: listening, port } = await startEditorServer({ root: temp.root, port: 0 });
      try {
        expect((listening.server.address() as net.AddressInfo).address).toBe('127.0.0.1');
        const external = Object.values(os.networkInterfaces())
          .flat()
          .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
        const connects = (host: string) =>
          new Promise<boolean>((resolve) => {
            const socket = net.connect({ host, port }, () => {
              socket.destroy();
              resolve(true);
            });
            socket.on('error', () => resolve(false));
          });
        expect(await connects('127.0.0.1')).toBe(true);
        if (external) expect(await connects(external)).toBe(false);
        console.log(`listens on 127.0.0.1:${port}; ${external ? `${external}:${port} refused the connection` : 'this machine has no other address to try'}`);
      } finally {
        await listening.close();
      }
    });
  });
});
