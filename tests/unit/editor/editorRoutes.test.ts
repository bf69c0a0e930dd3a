import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEditorApiTypes } from '../../../codegen/generateApiTypes.ts';
import { type EditorRoute, editorEndpoints, editorRoutes } from '../../../editor/protocol/editorRoutes.ts';
import { buildEditorApp } from '../../../editor/server/editorApp.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';

const schemas = path.join(projectRoot, 'schemas');

/** The routes a Fastify instance has, as "METHOD /path", from its own printout (HEAD, which Fastify adds to every GET, left out). */
function routesOf(printout: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of printout.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = full;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD' && m !== '-')) routes.push(`${method} ${full}`);
  }
  return routes.sort();
}

describe('the editor’s route catalogue (editor/protocol/editorRoutes.ts)', () => {
  let printout: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = buildEditorApp({ root: projectRoot, port: () => 5190 });
    await app.ready();
    printout = app.printRoutes({ commonPrefix: false });
    close = () => app.close();
  });
  afterAll(async () => close?.());

  it('holds every route the editor’s server answers, and none it does not', () => {
    const catalogue = Object.values(editorRoutes as Record<string, EditorRoute>).map((route) => `${route.method} ${route.path}`);
    expect(catalogue.sort()).toEqual(routesOf(printout));
  });

  it('names each route once, by its place, with schema files that exist and name their type', () => {
    const places = Object.values(editorEndpoints).map(([method, where]) => `${method} ${where}`);
    expect(new Set(places).size).toBe(places.length);
    for (const [name, route] of Object.entries(editorRoutes as Record<string, EditorRoute>)) {
      for (const rel of [route.body, route.querystring, ...Object.values(route.response)].filter((r) => r !== undefined)) {
        const schema = JSON.parse(fs.readFileSync(path.join(schemas, rel), 'utf8')) as { title?: unknown };
        expect(typeof schema.title, `${name}: schemas/${rel} names its type`).toBe('string');
      }
      if (route.accepts) expect([name, route.method, route.body]).toEqual([name, 'POST', undefined]);
    }
  });

  it('types each route from its schemas (engine/generated/editorApi.ts)', () => {
    const content = fs.readFileSync(path.join(projectRoot, 'engine/generated/content.ts'), 'utf8');
    const types = generateEditorApiTypes(schemas, content);
    expect(types).toContain('  save: { body: EditorWriteRequest; query: undefined; responses: { 200: EditorSavedResponse } };');
    expect(types).toContain('  uploadImage: { body: undefined; query: EditorImageQuery; responses: { 200: EditorImageResponse } };');
    expect(types).toBe(fs.readFileSync(path.join(projectRoot, 'engine/generated/editorApi.ts'), 'utf8'));
  });
});
