import { type ApiRoutes, type StaffRouteName, staffEndpoints } from '../../engine/shared/apiRoutes.ts';
import type { ApiRouteTypes } from '../../engine/types.ts';
import { fill, words } from './words.ts';

/**
 * The console's one way to the server: every call names a route of staffEndpoints (engine/shared/apiRoutes.ts), its
 * body or query typed from the route's schemas (engine/generated/api.ts). Never throws: a refusal is
 * { code, message } from the server, a lost connection is an answer too.
 */

type Responses<R extends StaffRouteName> = ApiRouteTypes[R]['responses'];
export type StaffAnswer<R extends StaffRouteName> = Responses<R>[keyof Responses<R>];
type Input<R extends StaffRouteName> = ApiRouteTypes[R]['body'] extends undefined ? ApiRouteTypes[R]['query'] : ApiRouteTypes[R]['body'];

export type StaffResult<T> = { ok: true; data: T } | { ok: false; status: number; code?: string; message: string };

/** A route whose answer is a file, opened at its address (a link): the catalogue's routes with a `file`. */
export type StaffFileRoute = { [R in StaffRouteName]: ApiRoutes[R] extends { file: string } ? R : never }[StaffRouteName];

function search(query: object | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== '');
  return pairs.length ? `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&')}` : '';
}

export async function callStaff<R extends Exclude<StaffRouteName, StaffFileRoute>>(route: R, input?: Input<R>): Promise<StaffResult<StaffAnswer<R>>> {
  const [method, path] = staffEndpoints[route];
  let response: Response;
  try {
    response =
      method === 'GET'
        ? await fetch(path + search(input as object | undefined), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        : await fetch(path, {
            method,
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            credentials: 'same-origin',
            body: JSON.stringify(input ?? {}),
          });
  } catch (error) {
    return { ok: false, status: 0, message: fill(words.noAnswer, { reason: (error as Error).message }) };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (response.ok && data !== undefined) return { ok: true, data: data as StaffAnswer<R> };
  const answer = (data !== null && typeof data === 'object' ? data : {}) as { code?: unknown; message?: unknown };
  return {
    ok: false,
    status: response.status,
    ...(typeof answer.code === 'string' ? { code: answer.code } : {}),
    message: typeof answer.message === 'string' ? answer.message : fill(words.httpStatus, { status: response.status }),
  };
}

/** The address of a file route (a CSV export), for a link. */
export function staffFileUrl(route: StaffFileRoute, query?: Record<string, string | undefined>): string {
  return staffEndpoints[route][1] + search(query);
}
