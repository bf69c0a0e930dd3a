/**
 * Every route of the content editor's server, once: its name, method and path, the schema files (under
 * schemas/editor/) of what it takes and of what it answers for each success status. As the site's catalogue
 * (engine/shared/apiRoutes.ts) is for the site: the editor's pages call routes by name through editor/app/api.ts,
 * codegen types each name's body, query and answers from these files (engine/generated/editorApi.ts), and the
 * server registers every route from this catalogue alone (editor/server/handle.ts), its handler receiving the
 * generated types. Plain data, importing nothing, so the pages, the server and codegen can all read it.
 *
 * Every refusal of any route is `{ code, message }` and, for some codes, the facts the page needs
 * (editor/error.schema.json; the codes are editor/server/errors.ts).
 */

/** A schema file, relative to schemas/. */
export type EditorSchemaFile = `editor/${string}.schema.json`;

export type EditorMethod = 'GET' | 'POST' | 'DELETE';

/** What a route takes and answers. */
export interface EditorContract {
  /** The JSON body it takes. */
  readonly body?: EditorSchemaFile;
  /** The query string it takes (?rel=…). */
  readonly querystring?: EditorSchemaFile;
  /** The JSON answer for each success status. */
  readonly response: { readonly [status: number]: EditorSchemaFile };
  /** A body other than JSON the route takes, by its media type (image/* for any picture), sent as it is. */
  readonly accepts?: string;
  /** The largest body it takes, in bytes, where that differs from the editor's (editor/server/editorApp.ts JSON_BODY_LIMIT). */
  readonly maxBodyBytes?: number;
}

export interface EditorRoute extends EditorContract {
  readonly method: EditorMethod;
  readonly path: string;
}

/** Where each route is: its method and path. */
export const editorEndpoints = {
  // What the forms are drawn from (editor/server/editorApp.ts)
  schemas: ['GET', '/api/schemas'],
  documents: ['GET', '/api/documents'],
  facts: ['GET', '/api/facts'],
  find: ['GET', '/api/find'],
  // A document: opened, checked as it is typed, saved, kept as a draft
  open: ['GET', '/api/document'],
  check: ['POST', '/api/check'],
  save: ['POST', '/api/save'],
  keepDraft: ['POST', '/api/draft'],
  discardDraft: ['DELETE', '/api/draft'],
  // A document's translation beside its English (editor/server/translations.ts); checked and saved as any document
  openTranslation: ['GET', '/api/translation'],
  newPage: ['POST', '/api/new'],
  uploadImage: ['POST', '/api/images'],
  // Publish (editor/server/publishing.ts)
  publishStatus: ['GET', '/api/publish'],
  publish: ['POST', '/api/publish'],
  publishHistory: ['GET', '/api/publish/history'],
  undoPublish: ['POST', '/api/publish/undo'],
} as const satisfies Record<string, readonly [EditorMethod, string]>;

export type EditorRouteName = keyof typeof editorEndpoints;

/** The largest picture the editor takes (editor/server/projectFacts.ts saveImage): 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const openedDocument = { 200: 'editor/openedDocument.schema.json' } as const;
const publishStatus = 'editor/publishStatus.schema.json';

/** What each route takes and answers. */
const contracts = {
  schemas: { response: { 200: 'editor/schemas.response.schema.json' } },
  documents: { response: { 200: 'editor/documents.response.schema.json' } },
  facts: { response: { 200: 'editor/projectFacts.schema.json' } },
  /** Names first, then the texts inside pages and lists. */
  find: { querystring: 'editor/find.query.schema.json', response: { 200: 'editor/find.response.schema.json' } },
  /** A document as it is on disk, with its draft if one was kept; a new page's draft when the page is not written yet. */
  open: { querystring: 'editor/document.query.schema.json', response: openedDocument },
  /** The same validator as `npm run validate`, on the text saving would write, and the page for the preview. */
  check: { body: 'editor/check.request.schema.json', response: { 200: 'editor/check.response.schema.json' } },
  /** Written only with no problem, no ✎ text and the file on disk still the one opened (409 and 422 refuse it otherwise). */
  save: { body: 'editor/write.request.schema.json', response: { 200: 'editor/saved.response.schema.json' } },
  keepDraft: { body: 'editor/write.request.schema.json', response: { 200: 'editor/draft.schema.json' } },
  discardDraft: { querystring: 'editor/document.query.schema.json', response: { 200: 'editor/discarded.response.schema.json' } },
  /**
   * An English document's translation with every text of the English by its place; the file as it is, or the text it
   * starts from when there is none. Check, save and the draft routes take it under its own file (law.hi.json).
   */
  openTranslation: { querystring: 'editor/translation.query.schema.json', response: { 200: 'editor/openedTranslation.schema.json' } },
  /** The same starting page as `npm run new`, opened in the form and not written until it is saved. */
  newPage: { body: 'editor/newPage.request.schema.json', response: openedDocument },
  /** The picture itself is the body, with its image type; an SVG is cleaned first (editor/server/svgCleaner.ts). */
  uploadImage: {
    querystring: 'editor/image.query.schema.json',
    accepts: 'image/*',
    // Room past the largest picture, so one a little too large is answered with its size (PICTURE_TOO_LARGE).
    maxBodyBytes: MAX_IMAGE_BYTES + 1024,
    response: { 200: 'editor/image.response.schema.json' },
  },
  publishStatus: { response: { 200: publishStatus } },
  /** 202: the build has started (or was under way already); 422 when something stops it, with the list. */
  publish: { response: { 202: publishStatus } },
  publishHistory: { response: { 200: 'editor/publishHistory.schema.json' } },
  undoPublish: { response: { 200: 'editor/undo.response.schema.json' } },
} as const satisfies { readonly [N in EditorRouteName]: EditorContract };

type Endpoints = typeof editorEndpoints;
type Contracts = typeof contracts;
/** Each route's whole record, as the catalogue's tables say it. */
export type EditorRoutes = {
  readonly [N in EditorRouteName]: EditorRoute & { readonly method: Endpoints[N][0]; readonly path: Endpoints[N][1] } & Contracts[N];
};

function join(endpoints: Endpoints, byName: Contracts): EditorRoutes {
  const names = Object.keys(endpoints) as EditorRouteName[];
  return Object.fromEntries(names.map((name) => [name, { method: endpoints[name][0], path: endpoints[name][1], ...byName[name] }])) as EditorRoutes;
}

/** The catalogue: every route by name, with its method, path and schemas. */
export const editorRoutes: EditorRoutes = /* @__PURE__ */ join(editorEndpoints, contracts);

/** Every path under it is the editor's API: answered by the catalogue's routes or refused as one (never a page). */
export const EDITOR_API_PREFIX = '/api/';
