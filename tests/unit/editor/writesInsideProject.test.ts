import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildEditorApp } from '../../../editor/server/editorApp.ts';
import { makeTempProject } from '../../../tooling/projectCopy.ts';

const PORT = 5190;
const HOST = `127.0.0.1:${PORT}`;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/** Every file and folder under a folder, by its path there. */
function listing(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/**
 * Issue 33, item 9: a folder of the project that is a link to somewhere else (public/images/shared → a folder
 * outside) led the editor's writes outside the project. Each write resolves real paths first and refuses any that
 * leads out: a picture, a document and a draft.
 */
describe('the editor writes only inside the project, whatever links its folders hold', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let outside: string;
  let app: FastifyInstance;
  const undo: (() => void)[] = [];
  const call = (options: InjectOptions) =>
    app.inject({ remoteAddress: '127.0.0.1', ...options, headers: { host: HOST, origin: `http://${HOST}`, ...(options.headers ?? {}) } });
  /** Makes `rel` in the project a link to `target`, put back after the test (a folder there moves aside meanwhile). */
  const link = (rel: string, target: string) => {
    const at = path.join(temp.root, rel);
    const aside = `${at}.aside`;
    const existed = fs.existsSync(at);
    if (existed) fs.renameSync(at, aside);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.symlinkSync(target, at, 'dir');
    undo.push(() => {
      fs.rmSync(at);
      if (existed) fs.renameSync(aside, at);
    });
  };

  beforeAll(() => {
    temp = makeTempProject('editor-inside-');
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-outside-'));
    app = buildEditorApp({ root: temp.root, port: () => PORT });
  });
  afterEach(() => {
    while (undo.length) undo.pop()!();
    fs.rmSync(outside, { recursive: true, force: true });
    fs.mkdirSync(outside);
  });
  afterAll(async () => {
    await app.close();
    temp.remove();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const upload = (query: string) => call({ method: 'POST', url: `/api/images?${query}`, payload: png, headers: { 'content-type': 'image/png' } });

  it.each([
    ['a linked folder in public/images', 'public/images/shared', 'folder=shared&name=chart.png'],
    ['a folder not made yet under a linked one', 'public/images/shared', 'folder=shared/new/deeper&name=chart.png'],
    ['public/images itself a link', 'public/images', 'folder=roles&name=chart.png'],
  ])('refuses a picture through %s, and writes nothing outside', async (_what, linked, query) => {
    link(linked, outside);
    const response = await upload(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(listing(outside)).toEqual([]);
  });

  it('still writes a picture into a linked folder that stays inside the project', async () => {
    fs.mkdirSync(path.join(temp.root, 'public/images/kept'), { recursive: true });
    link('public/images/alias', path.join(temp.root, 'public/images/kept'));
    const response = await upload('folder=alias&name=chart.png');
    expect(response.statusCode, response.body).toBe(200);
    expect(fs.readFileSync(path.join(temp.root, 'public/images/kept/chart.png'))).toEqual(png);
  });

  it('refuses to save a document in a pages/ that is a link outside the project, and changes nothing there', async () => {
    fs.cpSync(path.join(temp.root, 'pages'), path.join(outside, 'pages'), { recursive: true });
    link('pages', path.join(outside, 'pages'));
    const rel = 'pages/about.json';
    const before = fs.readFileSync(path.join(outside, rel), 'utf8');
    const value = JSON.parse(before);
    value.title = `${value.title} (changed)`;
    const openedHash = createHash('sha256').update(before).digest('hex');
    const response = await call({ method: 'POST', url: '/api/save', payload: { rel, original: before, openedHash, value } });
    expect(response.statusCode, response.body).toBe(400);
    expect(fs.readFileSync(path.join(outside, rel), 'utf8')).toBe(before);
    expect(listing(path.join(outside, 'pages')).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('refuses to keep a draft, or discard one, where the drafts folder is a link outside the project', async () => {
    fs.writeFileSync(path.join(outside, 'keep.json'), '{}');
    link('.cache/editor-drafts', outside);
    const rel = 'pages/about.json';
    const text = fs.readFileSync(path.join(temp.root, rel), 'utf8');
    const draft = await call({ method: 'POST', url: '/api/draft', payload: { rel, original: text, openedHash: null, value: JSON.parse(text) } });
    expect(draft.statusCode, draft.body).toBe(400);
    expect(listing(outside)).toEqual(['keep.json']);
    const discard = await call({ method: 'DELETE', url: `/api/draft?rel=${encodeURIComponent(rel)}` });
    expect(discard.statusCode, discard.body).toBe(400);
    expect(listing(outside)).toEqual(['keep.json']);
  });
});
