import { applyDecorators, Delete, Get, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, type ApiOperationOptions } from '@nestjs/swagger';
import { ROUTES, type HttpMethod, type RouteDefinition } from '@app/contracts';

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
export function routeName(route: RouteDefinition): string {
  const name = Object.entries(ROUTES).find(([, candidate]) => candidate === route)?.[0];
  if (!name) throw new Error(`${route.method} ${route.path} is not in the route map (ROUTES)`);
  return name;
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
  return applyDecorators(
    METHOD_DECORATORS[route.method](route.path.slice(API_PREFIX.length)),
    ApiOperation({
      summary: route.summary,
      operationId: routeName(route),
      ...operation,
      ...(route.access === 'public' ? { security: [] } : {}),
    }),
  );
}
