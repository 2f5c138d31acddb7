import { applyDecorators, Delete, Get, Patch, Post, Put, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiOperation, ApiSecurity, type ApiOperationOptions } from '@nestjs/swagger';
import { ROUTE_SCOPES, ROUTES, type HttpMethod, type RouteDefinition, type RouteName } from '@app/contracts';

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/** The global prefix set in app.factory.ts; the route map's paths include it, Nest's method paths do not. */
export const API_PREFIX = '/api/';

/** The name of a route of the map; the OpenAPI operationId. */
export function routeName(route: RouteDefinition): RouteName {
  const name = Object.entries(ROUTES).find(([, candidate]) => candidate === route)?.[0];
  if (!name) throw new Error(`${route.method} ${route.path} is not in the route map (ROUTES)`);
  return name as RouteName;
}

/** The OpenAPI security scheme of API keys (`Authorization: Bearer tk_…`), declared in app.factory.ts. */
export const API_KEY_SCHEME = 'apiKey';

const ROUTE_NAME_METADATA = 'routeName';

/** The route-map name of the handler a request reached (set by @ApiRoute), for guards that check per route. */
export function routeNameOf(context: ExecutionContext): RouteName | null {
  return (Reflect.getMetadata(ROUTE_NAME_METADATA, context.getHandler()) as RouteName | undefined) ?? null;
}

/**
 * A handler for one route of the contracts' route map: the Nest method and path, and its OpenAPI operation (summary,
 * operationId = the route's name, and `security: []` for public routes). The controller must be `@Controller()`
 * without a prefix, since the map's path is the whole path. Access itself is still enforced by the guards.
 */
export function ApiRoute(
  route: RouteDefinition,
  operation: Pick<ApiOperationOptions, 'description'> = {},
): MethodDecorator {
  if (!route.path.startsWith(API_PREFIX)) throw new Error(`${route.path} does not start with ${API_PREFIX}`);
  const name = routeName(route);
  const scopes = ROUTE_SCOPES[name];
  return applyDecorators(
    SetMetadata(ROUTE_NAME_METADATA, name),
    // An API key whose scopes include one of these reaches the route (the guard checks the same map).
    ...(scopes.length > 0 ? [ApiSecurity(API_KEY_SCHEME, [...scopes])] : []),
    METHOD_DECORATORS[route.method](route.path.slice(API_PREFIX.length)),
    ApiOperation({
      summary: route.summary,
      operationId: name,
      ...operation,
      ...(route.access === 'public' ? { security: [] } : {}),
    }),
  );
}
