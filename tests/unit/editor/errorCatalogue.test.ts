import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEditorApp } from '../../../editor/server/editorApp.ts';
import { EDITOR_ERRORS, type EditorErrorCode } from '../../../editor/server/errors.ts';
import { stillActive } from '../../../editor/server/svgCleaner.ts';
import { loadSchemaStore } from '../../../engine/shared/schemaStore.ts';
import { makeTempProject, projectRoot } from '../../../tooling/projectCopy.ts';

const PORT = 5190;
const HOST = `127.0.0.1:${PORT}`;
const codes = Object.keys(EDITOR_ERRORS) as EditorErrorCode[];
const store = loadSchemaStore(path.join(projectRoot, 'schemas'));
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const SVG = 'xmlns="http://www.w3.org/2000/svg"';

/** Every source file of the editor's server but the catalogue itself. */
function serverSources(dir = path.join(projectRoot, 'editor', 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') && entry.name !== 'errors.ts' ? [full] : [];
  });
}

/** The sentence as a pattern: its {placeholders} stand for any text. */
const sentencePattern = (sentence: string) =>
  new RegExp(
    `^${sentence
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
    's',
  );

describe('the editor’s error catalogue (editor/server/errors.ts)', () => {
  const sources = serverSources()
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');

  it.each(codes)('%s has its sentence in editor/words.ts and a status of a refusal or a failure, and the server answers with it', (code) => {
    expect(EDITOR_ERRORS[code].sentence.trim().length).toBeGreaterThan(0);
    expect(EDITOR_ERRORS[code].status).toBeGreaterThanOrEqual(400);
    expect(sources, `${code} is in the catalogue but no code of the editor's server answers with it`).toContain(`'${code}'`);
  });

  it('reads a sentence with its placeholders filled in', () => {
    expect(sentencePattern('There is no file {rel}.').test('There is no file pages/x.json.')).toBe(true);
    expect(sentencePattern('There is no file {rel}.').test('There is a file pages/x.json.')).toBe(false);
  });
});

/**
 * Each code met through the editor's API, in a copy of the project: its status, `{ code, message }` as
 * editor/error.schema.json says, and the catalogue's sentence filled in.
 */
describe('every refusal of the editor’s server, through its API', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let outside: string;
  let app: FastifyInstance;
  const call = (options: InjectOptions) => {
    const headers = Object.fromEntries(
      Object.entries({ host: HOST, origin: `http://${HOST}`, ...(options.headers ?? {}) }).filter(([, value]) => value !== undefined),
    );
    return app.inject({ remoteAddress: '127.0.0.1', ...options, headers });
  };
  const json = { 'content-type': 'application/json' };
  const upload = (query: string, body: Buffer | string, type = 'image/png') =>
    call({ method: 'POST', url: `/api/images?${query}`, payload: body, headers: { 'content-type': type } });
  const save = (rel: string, openedHash: string | null, value: object, original = '{}\n') =>
    call({ method: 'POST', url: '/api/save', payload: { rel, original, openedHash, value } });
  const opened = async (rel: string) =>
    (await call({ method: 'GET', url: `/api/document?rel=${encodeURIComponent(rel)}` })).json() as { text: string; hash: string };
  /** Runs `run` with the project changed by `change`, then puts it back. */
  const withChange = async (change: () => () => void, run: () => Promise<LightMyRequestResponse>) => {
    const undo = change();
    try {
      return await run();
    } finally {
      undo();
    }
  };

  beforeAll(() => {
    temp = makeTempProject('editor-errors-');
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-errors-outside-'));
    app = buildEditorApp({ root: temp.root, port: () => PORT });
  });
  afterAll(async () => {
    await app.close();
    temp.remove();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  /** A request that meets each code. */
  const meets: Record<Exclude<EditorErrorCode, 'SVG_STILL_ACTIVE'>, () => Promise<LightMyRequestResponse>> = {
    VALIDATION_FAILED: () => call({ method: 'POST', url: '/api/check', payload: {} }),
    BODY_NOT_JSON: () => call({ method: 'POST', url: '/api/check', payload: '{', headers: json }),
    BODY_EMPTY: () => call({ method: 'POST', url: '/api/check', payload: '', headers: json }),
    BODY_TOO_LARGE: () => upload('folder=roles&name=big.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 2048)])),
    UNSUPPORTED_TYPE: () => call({ method: 'POST', url: '/api/check', payload: 'a,b', headers: { 'content-type': 'text/csv' } }),
    BAD_REQUEST: () => call({ method: 'GET', url: '/api/%E0%A4%A' }),
    NOT_FOUND: () => call({ method: 'GET', url: '/api/nothing-here' }),
    NOT_THIS_COMPUTER: () => call({ method: 'GET', url: '/api/documents', remoteAddress: '192.168.1.20' }),
    WRONG_HOST: () => call({ method: 'GET', url: '/api/documents', headers: { host: `evil.example:${PORT}` } }),
    OTHER_ORIGIN: () => call({ method: 'GET', url: '/api/documents', headers: { origin: 'https://evil.example' } }),
    OTHER_SITE: () => call({ method: 'GET', url: '/api/documents', headers: { origin: undefined, 'sec-fetch-site': 'cross-site' } }),
    INTERNAL_ERROR: () =>
      withChange(
        () => {
          // The site settings gone from under a running editor: reading them fails, which nothing foresees.
          fs.renameSync(path.join(temp.root, 'data/site.json'), path.join(temp.root, 'site.json.aside'));
          return () => fs.renameSync(path.join(temp.root, 'site.json.aside'), path.join(temp.root, 'data/site.json'));
        },
        () => call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: 'Marine Biology' } }),
      ),
    NOT_CONTENT_FILE: () => save('../package.json', null, {}),
    OUTSIDE_PROJECT: () =>
      withChange(
        () => {
          fs.symlinkSync(outside, path.join(temp.root, 'public/images/elsewhere'), 'dir');
          return () => fs.rmSync(path.join(temp.root, 'public/images/elsewhere'));
        },
        () => upload('folder=elsewhere&name=chart.png', png),
      ),
    LINKED_FILE: () =>
      withChange(
        () => {
          fs.symlinkSync(path.join(temp.root, 'pages/about.json'), path.join(temp.root, 'pages/linked.json'));
          return () => fs.rmSync(path.join(temp.root, 'pages/linked.json'));
        },
        () => save('pages/linked.json', null, {}),
      ),
    NOT_A_CONTENT_PLACE: () => save('data/secrets.json', null, {}),
    NO_SUCH_FILE: () => call({ method: 'GET', url: '/api/document?rel=pages/nothing-here.json' }),
    NOT_ENGLISH: () => call({ method: 'GET', url: '/api/translation?rel=pages/internship/law.hi.json&language=hi' }),
    ENGLISH_UNREADABLE: () =>
      withChange(
        () => {
          const about = temp.read('pages/about.json');
          temp.write('pages/about.json', about.replace('{', '{,'));
          return () => temp.write('pages/about.json', about);
        },
        () => call({ method: 'GET', url: '/api/translation?rel=pages/about.json&language=hi' }),
      ),
    CONFLICT_NEW_PAGE: () => save('pages/about.json', null, { path: '/about' }),
    CONFLICT_DELETED: () => save('pages/gone.json', 'a'.repeat(64), { path: '/gone' }),
    CONFLICT_CHANGED: () => save('pages/about.json', 'a'.repeat(64), { path: '/about' }),
    SAVE_REFUSED: async () => {
      const about = await opened('pages/about.json');
      return save('pages/about.json', about.hash, { ...JSON.parse(about.text), description: 'Too short.' }, about.text);
    },
    PAGE_NAME_INVALID: () => call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: '1 bad name' } }),
    PAGE_EXISTS: () => call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: 'Law' } }),
    FILE_EXISTS: () =>
      withChange(
        () => {
          // The file the new page would be, already there with another address.
          temp.write('pages/internship/Zoology.json', '{ "path": "/zoology-elsewhere" }\n');
          return () => fs.rmSync(path.join(temp.root, 'pages/internship/Zoology.json'));
        },
        () => call({ method: 'POST', url: '/api/new', payload: { kind: 'internship', name: 'Zoology' } }),
      ),
    NOT_A_PICTURE: () => call({ method: 'POST', url: '/api/images?folder=roles&name=chart.png', payload: {} }),
    FOLDER_NAME_INVALID: () => upload('folder=../../pages&name=x.png', png),
    PICTURE_NAME_INVALID: () => upload('folder=roles&name=photo.exe', png),
    PICTURE_EMPTY: () => upload('folder=roles&name=empty.png', Buffer.alloc(0)),
    PICTURE_TOO_LARGE: () => upload('folder=roles&name=huge.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])),
    PICTURE_NOT_ITS_TYPE: () => upload('folder=roles&name=fake.png', '<html></html>'),
    SVG_NOT_A_DRAWING: () => upload('folder=roles&name=two.svg', `<svg ${SVG}></svg><svg ${SVG}></svg>`, 'image/svg+xml'),
    PICTURE_EXISTS: async () => {
      await upload('folder=roles&name=twice.png', png);
      return upload('folder=roles&name=twice.png', png);
    },
    PUBLISH_REFUSED: () => call({ method: 'POST', url: '/api/publish' }),
    PUBLISH_RUNNING: async () => {
      // A publish under way: every link real (as publishing.spec.ts makes them), so the build starts; a second app on
      // the same copy, closed at once, which stops its build.
      const site = temp.read('data/site.json');
      temp.edit('data/site.json', (text) => text.replaceAll('"placeholder:', '"').replaceAll('-placeholder"', '"'));
      const publishing = buildEditorApp({ root: temp.root, port: () => PORT, distDir: path.join(outside, 'dist') });
      try {
        const inject = (options: InjectOptions) =>
          publishing.inject({ remoteAddress: '127.0.0.1', headers: { host: HOST, origin: `http://${HOST}` }, ...options });
        expect((await inject({ method: 'POST', url: '/api/publish' })).statusCode).toBe(202);
        return await inject({ method: 'POST', url: '/api/publish/undo' });
      } finally {
        await publishing.close();
        temp.write('data/site.json', site);
      }
    },
    NOTHING_TO_UNDO: () => call({ method: 'POST', url: '/api/publish/undo' }),
    RELEASES_BUSY: () =>
      withChange(
        () => {
          // Another build holds the releases: its lock, with a process that is alive (this one).
          temp.write('dist/.release.lock', String(process.pid));
          return () => fs.rmSync(path.join(temp.root, 'dist/.release.lock'));
        },
        () => call({ method: 'POST', url: '/api/publish/undo' }),
      ),
  };

  it('meets every code of the catalogue', () => {
    expect([...Object.keys(meets), 'SVG_STILL_ACTIVE'].sort()).toEqual([...codes].sort());
  });

  it.each(Object.keys(meets) as (keyof typeof meets)[])(
    'answers %s with its status, its sentence and the refusal schema',
    async (code) => {
      const response = await meets[code]();
      const body = response.json() as { code: string; message: string };
      expect(body.code, response.body).toBe(code);
      expect(response.statusCode).toBe(EDITOR_ERRORS[code].status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(store.validate('editor/error.schema.json', body).errors).toEqual([]);
      expect(body.message).toMatch(sentencePattern(EDITOR_ERRORS[code].sentence));
    },
    60_000,
  );

  it('gives the facts the page needs with the refusals that have them', async () => {
    expect((await meets.PAGE_EXISTS()).json()).toMatchObject({ existing: { rel: 'pages/internship/law.json', label: 'Law internships' } });
    expect((await meets.CONFLICT_CHANGED()).json()).toMatchObject({ diskText: temp.read('pages/about.json') });
    expect((await meets.CONFLICT_DELETED()).json()).toMatchObject({ diskText: null });
    const refused = (await meets.SAVE_REFUSED()).json() as { problems: { code: string }[]; warnings: unknown[]; elsewhere: unknown[] };
    expect(refused.problems.map((p) => p.code)).toEqual(['TEXT_TOO_SHORT']);
    expect(refused).toMatchObject({ warnings: [], elsewhere: [] });
    expect(((await meets.PUBLISH_REFUSED()).json() as { problems: unknown[] }).problems.length).toBeGreaterThan(0);
  });

  it('answers as its schemas say even with a draft file that is not a draft (half written, or by hand): the document opens, the list answers', async () => {
    const rel = 'pages/about.json';
    const drafts = path.join(temp.root, '.cache', 'editor-drafts');
    fs.mkdirSync(drafts, { recursive: true });
    const name = `${createHash('sha1').update(rel).digest('hex')}.json`;
    fs.writeFileSync(path.join(drafts, name), JSON.stringify({ rel, openedHash: null, original: '{}' }));
    fs.writeFileSync(path.join(drafts, 'half.json'), '{"rel": "pages/half.json", "openedHash": nu');
    try {
      const open = await call({ method: 'GET', url: `/api/document?rel=${encodeURIComponent(rel)}` });
      expect(open.statusCode, open.body).toBe(200);
      expect(open.json()).not.toHaveProperty('draft');
      const list = await call({ method: 'GET', url: '/api/documents' });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({ newDrafts: [] });
    } finally {
      fs.rmSync(drafts, { recursive: true, force: true });
    }
  });

  it('SVG_STILL_ACTIVE: what DOMPurify leaves is read back as a browser reads it and refused if it could still run (nothing known reaches it)', () => {
    expect(stillActive(`<svg ${SVG}><script>alert(1)</script></svg>`)).toBe('a <script> element');
    expect(stillActive(`<svg ${SVG}><rect style="fill:url(https://evil.example/x)"/></svg>`)).toBe('a reference to another file in style');
    expect(stillActive(`<svg ${SVG}><rect fill="url(#g)"/></svg>`)).toBeUndefined();
  });
});
