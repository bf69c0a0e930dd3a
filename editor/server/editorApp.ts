import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ContentFile } from '../../engine/content/discoverContent.ts';
import { type ProjectPaths, projectPaths } from '../../engine/content/projectPaths.ts';
import { nameProblem, scaffoldConflict, scaffoldFiles } from '../../engine/content/scaffolds.ts';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { checkDocument, parseOrUndefined } from './checkDocument.ts';
import { contentFileAt, documentLabels, hashOf, listDocuments } from './documents.ts';
import { findDocuments } from './finding.ts';
import { MAX_IMAGE_BYTES, projectFacts, saveImage } from './projectFacts.ts';
import { createPublishing } from './publishing.ts';
import { guardRequests } from './requestGuards.ts';
import { discardDraft, newDocumentDrafts, OutsideProjectError, readDraft, saveDocument, saveDraft } from './saving.ts';
import { settingChoices } from './settingChoices.ts';

/** What serves the editor's own pages and the preview (Vite's middlewares); absent in API tests. */
export type PageMiddleware = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void;

export interface EditorOptions {
  root: string;
  pages?: PageMiddleware;
  /** The port the server listens on, for the Host and Origin checks (known once it listens when 0 was asked for). */
  port: () => number;
  /** Where Publish writes releases and the site serves them from (DIST_DIR); dist under the root by default. */
  distDir?: string;
  /** The address of the site visitors see, for links to the pages a publish changed; http://localhost:5000 by default. */
  siteUrl?: string;
}

/** The editor's kinds of guided new page: the same scaffolds as `npm run new`. */
const NEW_KINDS = { internship: 'internship', jobs: 'jobs' } as const;

/** Documents are local files of a few hundred kilobytes at most; pictures are checked against their own limit. */
const JSON_BODY_LIMIT = 8 * 1024 * 1024;

interface DocumentBody {
  rel?: unknown;
  original?: unknown;
  value?: unknown;
  openedHash?: unknown;
}

export function buildEditorApp(options: EditorOptions): FastifyInstance {
  const paths: ProjectPaths = projectPaths(options.root);
  const app = Fastify({ logger: false, bodyLimit: JSON_BODY_LIMIT });
  const publishing = createPublishing({
    root: options.root,
    distDir: options.distDir ?? path.join(options.root, 'dist'),
    siteUrl: (options.siteUrl ?? 'http://localhost:5000').replace(/\/$/, ''),
    labelOf: (rel) => documentLabels(listDocuments(paths)).get(rel) ?? rel,
  });
  app.addHook('onClose', async () => publishing.close());
  app.addHook('onRequest', guardRequests(options.port));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OutsideProjectError) return reply.code(400).send({ message: error.message });
    return reply.send(error);
  });
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 1024 }, (_request, body, done) => done(null, body));

  /** The content file a request names, or a 400 that says why not. */
  const fileOf = (rel: unknown): ContentFile | { refused: string } => {
    const found = contentFileAt(paths, rel);
    return 'file' in found ? found.file : found;
  };
  const documentArgs = (body: DocumentBody) => {
    const file = fileOf(body.rel);
    if ('refused' in file) return { refused: file.refused };
    if (typeof body.original !== 'string') return { refused: 'The text the document was opened from is missing.' };
    if (body.openedHash !== undefined && body.openedHash !== null && typeof body.openedHash !== 'string')
      return { refused: 'openedHash must be text or null.' };
    return { file, original: body.original, value: body.value, openedHash: (body.openedHash as string | null | undefined) ?? null };
  };
  /** What is written must be a document: one { … } group (a check may be asked about a file that is not JSON yet). */
  const writableArgs = (body: DocumentBody) => {
    const args = documentArgs(body);
    if ('refused' in args) return args;
    if (args.value === null || typeof args.value !== 'object' || Array.isArray(args.value))
      return { refused: 'The document is missing: every content file is one { … } group.' };
    return args;
  };

  app.get('/api/schemas', async () => {
    const store = loadSchemaStore(paths.schemas);
    return { files: Object.fromEntries(store.files) };
  });

  app.get('/api/documents', async () => ({
    groups: listDocuments(paths),
    newDrafts: newDocumentDrafts(paths).map((d) => ({ rel: d.rel, savedAt: d.savedAt })),
  }));

  app.get('/api/facts', async () => ({ ...projectFacts(paths), options: settingChoices(paths) }));

  app.get<{ Querystring: { q?: string } }>('/api/find', async (request) => ({
    found: findDocuments(paths, listDocuments(paths), String(request.query.q ?? '').slice(0, 200)),
  }));

  // Publish: check everything as a production build does, then build a release and switch the site to it.
  app.get('/api/publish', async () => publishing.status());
  app.post('/api/publish', async (_request, reply) => {
    const status = publishing.start();
    return reply.code(status.state === 'refused' ? 422 : 202).send(status);
  });
  app.get('/api/publish/history', async () => publishing.history());
  app.post('/api/publish/undo', async (_request, reply) => {
    try {
      return publishing.undo();
    } catch (error) {
      return reply.code(409).send({ message: (error as Error).message });
    }
  });

  app.get<{ Querystring: { rel?: string } }>('/api/document', async (request, reply) => {
    const file = fileOf(request.query.rel);
    if ('refused' in file) return reply.code(400).send({ message: file.refused });
    const draft = readDraft(paths, file.rel);
    if (!fs.existsSync(file.abs)) {
      if (!draft) return reply.code(404).send({ message: `There is no file ${file.rel}.` });
      return { rel: file.rel, schemaRel: file.schemaRel, text: draft.original, hash: null, draft };
    }
    const text = fs.readFileSync(file.abs, 'utf8');
    return { rel: file.rel, schemaRel: file.schemaRel, text, hash: hashOf(text), ...(draft ? { draft } : {}) };
  });

  app.post<{ Body: DocumentBody }>('/api/check', async (request, reply) => {
    const args = documentArgs(request.body ?? {});
    if ('refused' in args) return reply.code(400).send({ message: args.refused });
    return checkDocument(paths, args.file, args.original, args.value);
  });

  app.post<{ Body: DocumentBody }>('/api/save', async (request, reply) => {
    const args = writableArgs(request.body ?? {});
    if ('refused' in args) return reply.code(400).send({ message: args.refused });
    const outcome = saveDocument(paths, args.file, args.original, args.openedHash, args.value);
    if (outcome.status === 'saved') discardDraft(paths, args.file.rel);
    return reply.code(outcome.status === 'saved' ? 200 : outcome.status === 'conflict' ? 409 : 422).send(outcome);
  });

  app.post<{ Body: DocumentBody }>('/api/draft', async (request, reply) => {
    const args = writableArgs(request.body ?? {});
    if ('refused' in args) return reply.code(400).send({ message: args.refused });
    return saveDraft(paths, { rel: args.file.rel, openedHash: args.openedHash, original: args.original, value: args.value });
  });

  app.delete<{ Querystring: { rel?: string } }>('/api/draft', async (request, reply) => {
    const file = fileOf(request.query.rel);
    if ('refused' in file) return reply.code(400).send({ message: file.refused });
    discardDraft(paths, file.rel);
    return { discarded: file.rel };
  });

  app.post<{ Body: { kind?: unknown; name?: unknown } }>('/api/new', async (request, reply) => {
    const { kind, name } = request.body ?? {};
    if (typeof kind !== 'string' || !(kind in NEW_KINDS)) return reply.code(400).send({ message: 'Choose an internship stream or a job category.' });
    const cleaned = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
    const problem = nameProblem(cleaned);
    if (problem) return reply.code(400).send({ message: problem });
    const site = parseOrUndefined(fs.readFileSync(path.join(paths.data, 'site.json'), 'utf8')) as { name?: string } | undefined;
    const files = scaffoldFiles(paths, NEW_KINDS[kind as keyof typeof NEW_KINDS], cleaned, site?.name ?? '');
    const conflict = scaffoldConflict(paths, files);
    if (conflict) {
      // The page that is there already, to open instead of starting another.
      const wanted = String((parseOrUndefined(files[0]!.text) as { path?: unknown } | undefined)?.path ?? '').toLowerCase();
      const existing = listDocuments(paths)
        .flatMap((g) => g.documents)
        .find((d) => d.detail.toLowerCase() === wanted || d.parts?.some((p) => p.detail.toLowerCase() === wanted));
      return reply.code(409).send({ message: conflict, ...(existing ? { existing: { rel: existing.rel, label: existing.label } } : {}) });
    }
    const [page] = files;
    const file = fileOf(page!.rel);
    if ('refused' in file) return reply.code(400).send({ message: file.refused });
    return { rel: page!.rel, schemaRel: file.schemaRel, text: page!.text, hash: null };
  });

  app.post<{ Querystring: { folder?: string; name?: string } }>('/api/images', async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) return reply.code(415).send({ message: 'Send the picture itself, with its image type.' });
    const saved = saveImage(paths, request.query.folder ?? '', request.query.name, request.body);
    if ('refused' in saved) return reply.code(saved.status).send({ message: saved.refused });
    return saved;
  });

  app.setNotFoundHandler((request, reply) => {
    if (!options.pages || request.url.startsWith('/api/')) return reply.code(404).send({ message: 'Not found.' });
    reply.hijack();
    options.pages(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.setHeader('content-type', 'text/plain; charset=utf-8');
      reply.raw.end('Not found.');
    });
  });
  return app;
}

/** Listens on 127.0.0.1 only: the editor writes into the project, so no other computer may reach it. */
export async function startEditorServer(options: {
  root: string;
  port: number;
  pages?: PageMiddleware;
  distDir?: string;
  siteUrl?: string;
}): Promise<{ app: FastifyInstance; port: number }> {
  let port = options.port;
  const app = buildEditorApp({
    root: options.root,
    ...(options.pages ? { pages: options.pages } : {}),
    ...(options.distDir ? { distDir: options.distDir } : {}),
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    port: () => port,
  });
  await app.listen({ host: '127.0.0.1', port: options.port });
  port = (app.server.address() as AddressInfo).port;
  return { app, port };
}
