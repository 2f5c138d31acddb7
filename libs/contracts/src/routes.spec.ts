import { API_KEY_SCOPES, ROUTE_SCOPES, ROUTES, routePath, type RouteParams, type RouteResponse } from './index';

const routes = Object.entries(ROUTES);

describe('the route map', () => {
  it('lists every API operation once', () => {
    expect(routes.length).toBeGreaterThanOrEqual(68);
    const keys = routes.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes)('%s is under /api/ with a summary and a known access', (_name, route) => {
    expect(route.path).toMatch(/^\/api\/[a-z0-9/:.-]*[a-z0-9v]$/i);
    expect(route.path).not.toContain('//');
    expect(route.summary.trim()).not.toBe('');
    expect(['public', 'applicant', 'staff', 'admin', 'api-client']).toContain(route.access);
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(route.method);
  });

  it('fills placeholders, URL-encoded', () => {
    const params: RouteParams<typeof ROUTES.documentDownload> = { id: 'a b', documentId: 'c/d' };
    expect(routePath(ROUTES.documentDownload, params)).toBe('/api/credentials/a%20b/documents/c%2Fd/download');
    expect(routePath(ROUTES.trainingPricing, {})).toBe('/api/training-pricing');
  });

  it('carries the response type (checked by the compiler)', () => {
    const body: RouteResponse<typeof ROUTES.joinWaitlist> = { joined: true };
    // @ts-expect-error: a route without placeholders takes no params
    const wrong: RouteParams<typeof ROUTES.trainingPricing> = { id: 'x' };
    expect([body, wrong]).toHaveLength(2);
  });

  it.each(routes)(
    '%s states the API key scopes that reach it: none when public, some when for API clients only',
    (name, route) => {
      const scopes = ROUTE_SCOPES[name as keyof typeof ROUTES];
      expect(Array.isArray(scopes)).toBe(true);
      for (const scope of scopes) expect(API_KEY_SCOPES).toContain(scope);
      if (route.access === 'public') expect(scopes).toEqual([]);
      if (route.access === 'api-client') expect(scopes.length).toBeGreaterThan(0);
    },
  );
});
