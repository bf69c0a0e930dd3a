import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fill } from '../../engine/shared/fill.ts';
import type { SchemaStore } from '../../engine/shared/schemaStore.ts';
import type { EditorRouteTypes } from '../../engine/types.ts';
import { type EditorRoute, type EditorRouteName, type EditorRoutes, editorRoutes } from '../protocol/editorRoutes.ts';
import { words } from '../words.ts';
import { EditorError, type EditorErrorCode } from './errors.ts';

type Types<N extends EditorRouteName> = EditorRouteTypes[N];
/** The body a handler sees: its generated type, or the bytes sent for a route that takes a picture as it is. */
type Body<N extends EditorRouteName> = EditorRoutes[N] extends { accepts: string } ? Buffer : Types<N>['body'];

/** A route's request as its handler sees it: the body and query string its schemas generate, already checked. */
export type EditorRouteRequest<N extends EditorRouteName> = FastifyRequest<{ Body: Body<N>; Querystring: Types<N>['query'] }>;
type Responses<N extends EditorRouteName> = Types<N>['responses'];
/** What a handler returns: one of its answers as its schemas generate them (another success status set with `reply.code` first). */
export type EditorRouteAnswer<N extends EditorRouteName> = Responses<N>[keyof Responses<N>];
export type EditorRouteHandler<N extends EditorRouteName> = (request: EditorRouteRequest<N>, reply: FastifyReply) => Promise<EditorRouteAnswer<N>>;

const REFUSAL = 'editor/error.schema.json';

/**
 * Makes the app check every body, query string and answer with the project's schemas, in the one Ajv instance of the
 * schema store, and answers every error as a refusal of the catalogue; then gives the function that registers a route
 * of the catalogue (editor/protocol/editorRoutes.ts) with its handler: method, path, schemas and body limit all come
 * from the catalogue's entry.
 *
 * Unlike the site's server, the editor checks its answers too, as it sends them: it answers one person's clicks on
 * this computer, so the check costs nothing that matters, and every test and every session holds the server to the
 * types its pages are compiled against. An answer that does not match is a fault of the editor: answered 500.
 */
export function routeRegistrar(app: FastifyInstance, store: SchemaStore) {
  const ref = (file: string) => ({ $ref: store.idOf(file) });
  app.setValidatorCompiler(({ schema }) => store.ajv.compile(schema));
  app.setSerializerCompiler(({ schema }) => {
    const validate = store.ajv.compile(schema);
    return (data) => {
      if (!validate(data)) {
        const first = validate.errors?.[0];
        throw new Error(fill(words.terminal.answerNotAsDeclared, { place: first?.instancePath || words.terminal.theAnswer, problem: first?.message ?? '' }));
      }
      return JSON.stringify(data);
    };
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refused = refusalOf(error, request);
    return reply.code(refused.statusCode).type('application/json; charset=utf-8').send(refused.answer);
  });

  return function handle<N extends EditorRouteName>(name: N, handler: EditorRouteHandler<N>): void {
    const route: EditorRoute = editorRoutes[name];
    const response = Object.fromEntries(Object.entries(route.response).map(([status, file]) => [status, ref(file)]));
    app.route({
      method: route.method,
      url: route.path,
      schema: {
        ...(route.body ? { body: ref(route.body) } : {}),
        ...(route.querystring ? { querystring: ref(route.querystring) } : {}),
        response: { ...response, '4xx': ref(REFUSAL), '5xx': ref(REFUSAL) },
      },
      ...(route.maxBodyBytes ? { bodyLimit: route.maxBodyBytes } : {}),
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  };
}

/** Fastify's own refusals of a request body, by its error code. */
const BODY_ERRORS: Record<string, EditorErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_EMPTY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BODY_NOT_JSON',
};

/** Every error as a refusal of the catalogue; anything unforeseen is logged on the terminal and answered 500. */
function refusalOf(error: FastifyError, request: FastifyRequest): EditorError {
  if (error instanceof EditorError) return error;
  if (error.validation) {
    const first = error.validation[0];
    return new EditorError('VALIDATION_FAILED', { problem: `${error.validationContext ?? ''}${first?.instancePath ?? ''} ${first?.message ?? ''}`.trim() });
  }
  const bodyError = error.code ? BODY_ERRORS[error.code] : undefined;
  if (bodyError) return new EditorError(bodyError, { megabytes: Math.round((request.routeOptions.bodyLimit ?? 0) / 1024 / 102.4) / 10 });
  if (error instanceof SyntaxError) return new EditorError('BODY_NOT_JSON');
  // Fastify's other refusals (a malformed address, say): its own sentence may echo the request, so ours is sent.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new EditorError('BAD_REQUEST');
  console.error(fill(words.terminal.requestFailed, { request: `${request.method} ${request.url.split('?')[0]}` }), error);
  return new EditorError('INTERNAL_ERROR', { reason: error.message });
}
