import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Access, type ApiRouteName, type ApiRoutes, apiRoutes } from '../../engine/shared/apiRoutes.ts';
import type { ApiRouteTypes } from '../../engine/types.ts';
import type { AllowanceName } from '../limits/allowances.ts';
import { schemaRef } from './schemas.ts';

/** A route's request as its handler sees it: the body and query string its schemas generate, already checked. */
export type RouteRequest<N extends ApiRouteName> = FastifyRequest<{ Body: ApiRouteTypes[N]['body']; Querystring: ApiRouteTypes[N]['query'] }>;

type Responses<N extends ApiRouteName> = ApiRouteTypes[N]['responses'];
/**
 * What a handler returns: one of its answers as its schemas generate them (set another success status with
 * `reply.code` first), or, for a file route, the reply it has sent.
 */
export type RouteAnswer<N extends ApiRouteName> = [keyof Responses<N>] extends [never] ? FastifyReply : Responses<N>[keyof Responses<N>] | FastifyReply;

export type RouteHandler<N extends ApiRouteName> = (request: RouteRequest<N>, reply: FastifyReply) => Promise<RouteAnswer<N>>;

/** Every allowance the catalogue names: a name that is not one of limits/allowances.ts is a compile error here. */
type NamedAllowance = { [N in ApiRouteName]: ApiRoutes[N] extends { limit: { allowance: infer A } } ? A : never }[ApiRouteName];
const allowancesExist: [NamedAllowance] extends [AllowanceName] ? true : never = true;
void allowancesExist;

/** What the member and staff guards read of a route's config, for each kind of access the catalogue declares. */
const GUARDS: Record<Access, { member?: 'required' | 'optional'; staff?: 'password' | 'viewer' | 'staff' | 'owner' }> = {
  anyone: {},
  memberIfAny: { member: 'optional' },
  member: { member: 'required' },
  staffPassword: { staff: 'password' },
  viewer: { staff: 'viewer' },
  staff: { staff: 'staff' },
  owner: { staff: 'owner' },
};

/**
 * Registers a route of the catalogue (engine/shared/apiRoutes.ts) with its handler: method, path, the schemas of its
 * body, query string and answers, who may call it and its allowance all come from the catalogue's entry, so a
 * feature writes none of them. `member` and `staff` in the route's config are read by the member and staff guards.
 */
export function handle<N extends ApiRouteName>(app: FastifyInstance, name: N, handler: RouteHandler<N>): void {
  const route = apiRoutes[name];
  const response = Object.fromEntries(Object.entries(route.response).map(([status, file]) => [status, schemaRef(file)]));
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.body ? { body: schemaRef(route.body) } : {}),
      ...(route.querystring ? { querystring: schemaRef(route.querystring) } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    ...(route.maxBodyBytes ? { bodyLimit: route.maxBodyBytes } : {}),
    config: {
      ...GUARDS[route.access],
      ...(route.limit ? app.limits.route(route.limit.allowance as AllowanceName, route.limit.shared ? route.limit.allowance : undefined) : {}),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
