/**
 * npm run new -- section <typeName> [--definition]: the hand-written files of a new section type, each a
 * working start (schema, component, test; with --definition, the build-time definition too), then codegen,
 * which adds the type to the section union, the registry and the generated types. CONTRIBUTING.md walks
 * through the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { folderOf } from '../codegen/generateSectionLists.ts';
import { codegen } from '../codegen/generateTypes.ts';

function schemaFile(type: string, folder: string): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${folder}Section`,
    description: `✎ What a ${type} section shows, in one sentence an author understands.`,
    type: 'object',
    additionalProperties: false,
    required: ['type', 'title', 'text'],
    properties: {
      type: { const: type, description: `Always "${type}" for this kind of section.` },
      id: { $ref: '../common.schema.json#/$defs/anchorId' },
      title: { $ref: '../common.schema.json#/$defs/sectionHeading', examples: ['✎ A heading'] },
      text: { $ref: '../common.schema.json#/$defs/paragraph', description: 'The sentence or two under the heading.', examples: ['✎ One or two sentences.'] },
    },
    examples: [{ type, title: '✎ A heading', text: '✎ One or two sentences.' }],
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function componentFile(type: string, folder: string): string {
  return `import type { ${folder}Section } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';

/** ✎ What the visitor sees. Props are the section's JSON, typed from schemas/sections/${type}.schema.json. */
export default function ${folder}({ id, title, text }: ${folder}Section) {
  return (
    <SectionShell id={id} title={title}>
      <p>{text}</p>
    </SectionShell>
  );
}
`;
}

function testFile(type: string): string {
  return `import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('${type}', () => {
  it('shows its heading and text', async () => {
    const use = firstUse('${type}');
    expect(use, 'no page uses a ${type} section yet').toBeDefined();
    const html = textOf(await renderSection(use!.page, use!.section));
    expect(html).toContain(use!.section.title);
    expect(html).toContain(use!.section.text);
  });
});
`;
}

function definitionFile(type: string): string {
  return `import { defineSection } from '../../content/sectionDefinition.ts';

/**
 * ✎ What the build knows about ${type} sections. Every part is optional; engine/content/sectionDefinition.ts
 * says what each is for. A check the schema cannot say reports a code of the catalogue in
 * engine/content/problems.ts (add one there, with its fixture in tests/fixtures/invalid), for example:
 *   rules(section, check) { if (…) check.report('/title', 'DUPLICATE_ROLE', { id: …, list: … }); },
 */
export default defineSection('${type}', {
  // The page a ${type} section sits on is found by site search even when search engines are asked not to list it.
  searchableWhenUnlisted: false,
});
`;
}

export function newSectionType(root: string, rawType: string, withDefinition = process.argv.includes('--definition')): { files: string[] } | { error: string } {
  const type = rawType.trim();
  if (!/^[a-z][a-zA-Z0-9]{1,39}$/.test(type))
    return { error: `"${rawType}" cannot be a section type: write it in camelCase, such as callout or pricingTable.` };
  const folder = folderOf(type);
  const files: [string, string][] = [
    [`schemas/sections/${type}.schema.json`, schemaFile(type, folder)],
    [`engine/sections/${folder}/${folder}.tsx`, componentFile(type, folder)],
    [`engine/sections/${folder}/${folder}.test.tsx`, testFile(type)],
    ...(withDefinition ? [[`engine/sections/${folder}/definition.ts`, definitionFile(type)] as [string, string]] : []),
  ];
  for (const [rel] of files) if (fs.existsSync(path.join(root, rel))) return { error: `${rel} already exists: there is a section type "${type}" already.` };
  for (const [rel, text] of files) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
    console.log(`Created ${rel}`);
  }
  return { files: files.map(([rel]) => rel) };
}

/** After the files exist: the generated lists and types, so the new type compiles at once. */
export async function generateForNewSection(root: string): Promise<void> {
  await codegen(root, false);
  console.log(`
Next: describe the section's properties in its schema, draw them in its component, and use it on a page
("type": "…" in a file of pages/). Replace every ✎. Then: npm run codegen, npm run typecheck, npm test.
CONTRIBUTING.md walks through adding a section type.`);
}
