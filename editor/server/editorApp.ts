import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { type ProjectPaths, projectPaths } from '../../engine/content/projectPaths.ts';
import { nameProblem, scaffoldClash, scaffoldFiles } from '../../engine/content/scaffolds.ts';
import { TRANSLATED_LANGUAGES } from '../../engine/content/translation/translationFiles.ts';
import { fillCount } from '../../engine/shared/fill.ts';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { EDITOR_API_PREFIX, editorRoutes } from '../protocol/editorRoutes.ts';
import { words } from '../words.ts';
import { checkDocument, parseOrUndefined } from './checkDocument.ts';
import { contentFileAt, documentLabels, hashOf, listDocuments } from './documents.ts';
import { EditorError } from './errors.ts';
import { findDocuments } from './finding.ts';
import { routeRegistrar } from './handle.ts';
import { projectFacts, saveImage } from './projectFacts.ts';
import { createPublishing } from './publishing.ts';
import { guardRequests } from './requestGuards.ts';
import { discardDraft, newDocumentDrafts, readDraft, saveDocument, saveDraft } from './saving.ts';
import { settingChoices } from './settingChoices.ts';
import { openTranslation, withTranslationProgress } from './translations.ts';

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

/** Documents are local files of a few hundred kilobytes at most; pictures are checked against their own limit. */
const JSON_BODY_LIMIT = 8 * 1024 * 1024;

export function buildEditorApp(options: EditorOptions): FastifyInstance {
  const paths: ProjectPaths = projectPaths(options.root);
  const app = Fastify({
    logger: false,
    bodyLimit: JSON_BODY_LIMIT,
    // A request Fastify cannot route (a malformed address): answered from the catalogue, not in Fastify's words, which echo it.
    frameworkErrors: (_error, _request, reply) => {
      const refused = new EditorError('BAD_REQUEST');
      // Fastify types this reply by generics of its own route types; it is an ordinary reply.
      void (reply as unknown as FastifyReply).code(refused.statusCode).type('application/json; charset=utf-8').send(refused.answer);
    },
  });
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
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: editorRoutes.uploadImage.maxBodyBytes }, (_request, body, done) => done(null, body));
  const handle = routeRegistrar(app, loadSchemaStore(paths.schemas));

  handle('schemas', async () => ({ files: Object.fromEntries(loadSchemaStore(paths.schemas).files) }));

  handle('documents', async () => ({
    groups: withTranslationProgress(paths, listDocuments(paths), TRANSLATED_LANGUAGES[0]),
    newDrafts: newDocumentDrafts(paths).map((d) => ({ rel: d.rel, savedAt: d.savedAt })),
  }));

  handle('facts', async () => ({ ...projectFacts(paths), options: settingChoices(paths) }));

  handle('find', async (request) => ({ found: findDocuments(paths, listDocuments(paths), request.query.q) }));

  handle('open', async (request) => {
    const file = contentFileAt(paths, request.query.rel);
    const draft = readDraft(paths, file.rel);
    if (!fs.existsSync(file.abs)) {
      if (!draft) throw new EditorError('NO_SUCH_FILE', { rel: file.rel });
      return { rel: file.rel, schemaRel: file.schemaRel, text: draft.original, hash: null, draft };
    }
    const text = fs.readFileSync(file.abs, 'utf8');
    return { rel: file.rel, schemaRel: file.schemaRel, text, hash: hashOf(text), ...(draft ? { draft } : {}) };
  });

  handle('openTranslation', async (request) => {
    const opened = openTranslation(paths, request.query.rel, request.query.language);
    const draft = readDraft(paths, opened.rel);
    return draft ? { ...opened, draft } : opened;
  });

  handle('check', async (request) => checkDocument(paths, contentFileAt(paths, request.body.rel), request.body.original, request.body.value));

  handle('save', async (request) => {
    const { rel, original, openedHash, value } = request.body;
    const file = contentFileAt(paths, rel);
    const saved = saveDocument(paths, file, original, openedHash, value);
    discardDraft(paths, file.rel);
    return saved;
  });

  handle('keepDraft', async (request) => {
    const { rel, original, openedHash, value } = request.body;
    return saveDraft(paths, { rel: contentFileAt(paths, rel).rel, openedHash, original, value });
  });

  handle('discardDraft', async (request) => {
    const file = contentFileAt(paths, request.query.rel);
    discardDraft(paths, file.rel);
    return { discarded: file.rel };
  });

  handle('newPage', async (request) => {
    const { kind, name } = request.body;
    const cleaned = name.trim().replace(/\s+/g, ' ');
    if (nameProblem(cleaned)) throw new EditorError('PAGE_NAME_INVALID', { name: cleaned });
    const site = parseOrUndefined(fs.readFileSync(path.join(paths.data, 'site.json'), 'utf8')) as { name?: string } | undefined;
    const files = scaffoldFiles(paths, kind, cleaned, site?.name ?? '');
    const clash = scaffoldClash(paths, files);
    if (clash && 'path' in clash) {
      // The page that is there already, to open instead of starting another.
      const wanted = clash.path.toLowerCase();
      const existing = listDocuments(paths)
        .flatMap((g) => g.documents)
        .find((d) => d.detail.toLowerCase() === wanted || d.parts?.some((p) => p.detail.toLowerCase() === wanted));
      throw new EditorError('PAGE_EXISTS', { path: clash.path }, existing ? { existing: { rel: existing.rel, label: existing.label } } : {});
    }
    if (clash) throw new EditorError('FILE_EXISTS', { rel: clash.rel });
    const [page] = files;
    const file = contentFileAt(paths, page!.rel);
    return { rel: page!.rel, schemaRel: file.schemaRel, text: page!.text, hash: null };
  });

  handle('uploadImage', async (request) => {
    if (!Buffer.isBuffer(request.body)) throw new EditorError('NOT_A_PICTURE');
    return saveImage(paths, request.query.folder, request.query.name, request.body);
  });

  // Publish: check everything as a production build does, then build a release and switch the site to it.
  handle('publishStatus', async () => publishing.status());
  handle('publish', async (_request, reply) => {
    const status = publishing.start();
    if (status.state === 'refused') {
      throw new EditorError('PUBLISH_REFUSED', { count: fillCount(words.blockers.publish, status.problems.length) }, { problems: status.problems });
    }
    reply.code(202);
    return status;
  });
  handle('publishHistory', async () => publishing.history());
  handle('undoPublish', async () => publishing.undo());

  app.setNotFoundHandler((request, reply) => {
    if (!options.pages || request.url.startsWith(EDITOR_API_PREFIX)) {
      return reply.code(404).type('application/json; charset=utf-8').send(new EditorError('NOT_FOUND').answer);
    }
    reply.hijack();
    options.pages(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.setHeader('content-type', 'text/plain; charset=utf-8');
      reply.raw.end(words.refusals.NOT_FOUND);
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
