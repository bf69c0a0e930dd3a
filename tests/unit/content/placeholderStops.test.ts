import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { makeTempProject } from '../../../tooling/projectCopy.ts';

/**
 * Publishing stops only for what uses a placeholder link (issue 37: on a fresh clone Publish refused every change,
 * "7 things to finish first", for form links in Site settings that the content editor does not own).
 */
describe('placeholder links in a production build, against the release being served', () => {
  // One copy (it takes seconds to make), each test's edits undone after it.
  let temp: ReturnType<typeof makeTempProject>;
  const edited = new Map<string, string>();
  const edit = (rel: string, change: (text: string) => string) => {
    if (!edited.has(rel)) edited.set(rel, temp.read(rel));
    temp.edit(rel, change);
  };
  beforeAll(() => {
    temp = makeTempProject('placeholders-');
  });
  afterEach(() => {
    for (const [rel, text] of edited) temp.write(rel, text);
    edited.clear();
  });
  afterAll(() => temp.remove());

  const publish = (root: string, published?: ReturnType<typeof validateContent>['facts']) =>
    validateContent(root, { templateText: 'error', placeholderLinks: 'publish', ...(published ? { published } : {}) });

  it('lets an unrelated change through when the placeholder links are live already and their pages unchanged', () => {
    // What `npm start` (a development build) served on the fresh clone: its links' placeholders, its documents.
    const live = validateContent(temp.root).facts;
    expect(live.placeholders).toContain('/links/registerForm');
    edit('pages/about.json', (text) => text.replace(/"title": "([^"]+)"/, '"title": "$1 (new)"'));
    const stops = publish(temp.root, live).problems.filter((p) => p.code.startsWith('PLACEHOLDER_LINK'));
    // Only the UPI ID, where payments go, stops every production build.
    expect(stops.map((p) => p.pointer)).toEqual(['/payments/upiId']);
  });

  it('stops a new or changed page that uses one, naming the page and the field, and no other page', () => {
    const live = validateContent(temp.root).facts;
    const rel = 'pages/webinars.json';
    edit(rel, (text) => text.replace('"Register"', '"Register now"'));
    const used = publish(temp.root, live).problems.filter((p) => p.code === 'PLACEHOLDER_LINK_USED');
    // The webinars page lists four, each with the registration form: all four named, on that page only.
    expect(used).toHaveLength(4);
    expect(new Set(used.map((p) => p.file))).toEqual(new Set([rel]));
    expect(used[0]!.pointer).toMatch(/\/href$/);
    expect(used[0]!.message).toContain('registerForm, which is still a placeholder');
    expect(used[0]!.form.message).toMatch(/^This uses the link “registerForm”, which is not the real address yet/);
  });

  it('stops every page that uses a link made a placeholder since the live release, and the link itself', () => {
    const live = validateContent(temp.root).facts;
    edit('data/site.json', (text) => text.replace('"chat": "https://', '"chat": "placeholder:https://'));
    const problems = publish(temp.root, live).problems;
    expect(problems.filter((p) => p.code === 'PLACEHOLDER_LINK').map((p) => p.pointer)).toContain('/links/chat');
    const users = problems.filter((p) => p.code === 'PLACEHOLDER_LINK_USED' && p.message.includes(' chat,'));
    const expected = fs
      .readdirSync(path.join(temp.root, 'pages'), { recursive: true })
      .filter((f) => String(f).endsWith('.json') && fs.readFileSync(path.join(temp.root, 'pages', String(f)), 'utf8').includes('"setting:chat"'));
    expect(new Set(users.map((p) => p.file)).size).toBeGreaterThanOrEqual(expected.length);
  });
});
