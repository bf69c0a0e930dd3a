import { fill } from '../../engine/shared/fill.ts';
import type { EditorRouteTypes } from '../../engine/types.ts';
import { type EditorRouteName, type EditorRoutes, editorEndpoints } from '../protocol/editorRoutes.ts';
import type { Refusal } from '../protocol/types.ts';
import { words } from '../words.ts';

export type * from '../protocol/types.ts';

/**
 * The editor's pages' one way to their server: every call names a route of the catalogue
 * (editor/protocol/editorRoutes.ts), its body or query string and its answer typed from the route's schemas
 * (engine/generated/editorApi.ts). A call resolves with the answer, or rejects with a RequestError: the server's
 * refusal (its code, its sentence and the facts it gives), or no answer at all.
 */
export class RequestError extends Error {
  constructor(
    message: string,
    /** The answer's status; 0 when no answer came. */
    readonly status: number,
    /** The server's refusal, when it answered with one. */
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

type Types<R extends EditorRouteName> = EditorRouteTypes[R];
/** What a route takes: its body, else its query string. */
type Input<R extends EditorRouteName> = Types<R>['body'] extends undefined ? Types<R>['query'] : Types<R>['body'];
type Responses<R extends EditorRouteName> = Types<R>['responses'];
export type EditorAnswer<R extends EditorRouteName> = Responses<R>[keyof Responses<R>];
/** Routes that take a file as it is (a picture), sent with sendFile. */
type FileRoute = { [R in EditorRouteName]: EditorRoutes[R] extends { accepts: string } ? R : never }[EditorRouteName];
type JsonRoute = Exclude<EditorRouteName, FileRoute>;

function search(query: object | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  return pairs.length ? `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&')}` : '';
}

async function answerOf<R extends EditorRouteName>(request: () => Promise<Response>): Promise<EditorAnswer<R>> {
  let response: Response;
  try {
    response = await request();
  } catch {
    throw new RequestError(words.app.noServer, 0);
  }
  const answer = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return answer as EditorAnswer<R>;
  const refusal = answer as Partial<Refusal> | undefined;
  if (typeof refusal?.code === 'string' && typeof refusal.message === 'string') throw new RequestError(refusal.message, response.status, refusal as Refusal);
  throw new RequestError(fill(words.app.httpStatus, { status: response.status }), response.status);
}

/** Calls a route by name with its body (POST) or its query string (GET, DELETE). */
export function callEditor<R extends JsonRoute>(route: R, ...[input]: Input<R> extends undefined ? [] : [input: Input<R>]): Promise<EditorAnswer<R>> {
  const [method, path] = editorEndpoints[route];
  const sendsBody = method === 'POST' && input !== undefined;
  return answerOf<R>(() =>
    fetch(sendsBody ? path : path + search(input as object | undefined), {
      method,
      headers: sendsBody ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      ...(sendsBody ? { body: JSON.stringify(input) } : {}),
    }),
  );
}

/** Sends a file as it is (a picture, with its own media type) to a route that takes one, with the route's query string. */
export function sendFile<R extends FileRoute>(route: R, query: Types<R>['query'], file: File): Promise<EditorAnswer<R>> {
  const [method, path] = editorEndpoints[route];
  return answerOf<R>(() => fetch(path + search(query), { method, headers: { 'content-type': file.type || 'application/octet-stream' }, body: file }));
}
