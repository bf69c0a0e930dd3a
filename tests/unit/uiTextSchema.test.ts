import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codegen } from '../../codegen/generateTypes.ts';
import { UI_TEXT_DESCRIPTIONS, UI_TEXT_SCHEMA, uiTextSchema } from '../../codegen/generateUiText.ts';
import { loadSchemaStore, type SchemaNode } from '../../engine/shared/schemaStore.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * The UI words' schema is written from the words of data/site.json's "ui" and one line of
 * description each: it must hold what the hand-written schema held (every word required, a
 * non-empty text, its description and the word as its example, the group type names), and
 * codegen must say what to do when a word has no line or the schema was not rewritten.
 */
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const ui = readJson(path.join(projectRoot, 'data/site.json'))['ui'] as Record<string, Record<string, unknown>>;

describe("the UI words' schema", () => {
  it('is what the words and their lines make (npm run codegen -- --check holds the committed file to it)', () => {
    expect(fs.readFileSync(path.join(projectRoot, UI_TEXT_SCHEMA), 'utf8')).toBe(uiTextSchema(projectRoot));
  });

  it('requires every word as a non-empty text, describes it, shows it as shipped and keeps the group type names', () => {
    const schema = readJson(path.join(projectRoot, UI_TEXT_SCHEMA)) as SchemaNode;
    expect(schema['title']).toBe('UiText');
    const groups = schema['properties'] as Record<string, SchemaNode>;
    expect(Object.keys(groups)).toEqual(Object.keys(ui));
    expect(groups['verify']!['title']).toBe('UiVerify');
    expect(groups['serverErrors']!['title']).toBe('UiServerErrors');
    expect((groups['mail']!['properties'] as Record<string, SchemaNode>)['enrolment']!['title']).toBe('MailText');
    for (const [name, group] of Object.entries(groups)) {
      expect(group['additionalProperties'], name).toBe(false);
      expect(group['required'], name).toEqual(Object.keys(ui[name]!));
    }
    const notFound = (groups['verify']!['properties'] as Record<string, SchemaNode>)['notFound']!;
    expect(notFound).toMatchObject({
      $ref: 'common.schema.json#/$defs/text',
      examples: [ui['verify']!['notFound']],
      'x-placeholders': ['id'],
    });
    expect(typeof notFound['description']).toBe('string');
    expect((groups['programs']!['properties'] as Record<string, SchemaNode>)['seats']!['$ref']).toBe('common.schema.json#/$defs/countedText');
    expect((groups['course']!['properties'] as Record<string, SchemaNode>)['perks']!['$ref']).toBe('common.schema.json#/$defs/textList');

    const store = loadSchemaStore(path.join(projectRoot, 'schemas'));
    const site = readJson(path.join(projectRoot, 'data/site.json'));
    expect(store.validate('data/site.schema.json', site).errors).toEqual([]);
    const broken = structuredClone(site) as { ui: { verify: Record<string, unknown>; search: Record<string, unknown> } };
    broken.ui.verify['label'] = '   ';
    delete broken.ui.verify['button'];
    broken.ui.verify['buton'] = 'Verify';
    broken.ui.search['count'] = { one: '{count} result' };
    const errors = store.validate('data/site.schema.json', broken).errors.map((e) => `${e.instancePath} ${e.keyword}`);
    expect(errors).toEqual(
      expect.arrayContaining(['/ui/verify/label pattern', '/ui/verify required', '/ui/verify additionalProperties', '/ui/search/count required']),
    );
  });
});

describe('codegen, when a word changes', () => {
  let root: string;
  beforeEach(() => {
    // What codegen reads and writes: the schemas, the words, the engine (section folders, collection definitions, generated files) and the guide.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-text-'));
    for (const rel of ['schemas', 'data/site.json', 'engine', 'CONTENT.md']) {
      fs.cpSync(path.join(projectRoot, rel), path.join(root, rel), { recursive: true });
    }
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const addWord = (group: string, name: string, text: string) => {
    const file = path.join(root, 'data/site.json');
    const site = readJson(file) as { ui: Record<string, Record<string, unknown>> };
    site.ui[group]![name] = text;
    fs.writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`);
  };
  const describeWord = (key: string, line: string) => {
    const file = path.join(root, UI_TEXT_DESCRIPTIONS);
    const source = readJson(file) as { descriptions: Record<string, string> };
    source.descriptions[key] = line;
    fs.writeFileSync(file, `${JSON.stringify(source, null, 2)}\n`);
  };

  it('refuses a word without its line of description, saying which word and what to write where', async () => {
    addWord('verify', 'retry', 'Try another ID');
    await expect(codegen(root, true)).rejects.toThrow(
      `data/site.json has the UI word "verify.retry", but ${UI_TEXT_DESCRIPTIONS} has no line for it: add "verify.retry": "<what it is for; name each {placeholder} the site fills in>" under "descriptions".`,
    );
    await expect(codegen(root, false)).rejects.toThrow('Then run `npm run codegen`.');
  });

  it('refuses a line for a word data/site.json does not have', async () => {
    describeWord('verify.gone', 'A word that was removed.');
    await expect(codegen(root, true)).rejects.toThrow(
      `${UI_TEXT_DESCRIPTIONS} has "verify.gone" under "descriptions", but data/site.json's "ui" has no such word`,
    );
  });

  it('fails the check, saying why and what to do, until the schema is written again; then passes', async () => {
    addWord('verify', 'retry', 'Try another ID, such as {example}');
    describeWord('verify.retry', 'The link to try again. {example} is a made-up ID.');
    const said: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void said.push(line));
    try {
      expect(await codegen(root, true)).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
    expect(said).toContain(
      `codegen --check: ${UI_TEXT_SCHEMA} is stale (the words of data/site.json's "ui" or their lines in ${UI_TEXT_DESCRIPTIONS} changed since it was written). Run \`npm run codegen\` and commit the result.`,
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await codegen(root, false);
      expect(await codegen(root, true)).toBe(0);
    } finally {
      log.mockRestore();
    }
    const verify = (readJson(path.join(root, UI_TEXT_SCHEMA))['properties'] as Record<string, SchemaNode>)['verify']!;
    expect((verify['properties'] as Record<string, SchemaNode>)['retry']).toMatchObject({
      examples: ['Try another ID, such as {example}'],
      'x-placeholders': ['example'],
    });
    expect(verify['required']).toContain('retry');
    expect(fs.readFileSync(path.join(root, 'engine/generated/content.ts'), 'utf8')).toMatch(
      /The link to try again\. \{example\} is a made-up ID\.\s+\*\/\s+retry: string;/,
    );
  }, 60_000);
});
