import type { RouteConfig } from '@react-router/dev/routes';
import { flatRoutes } from '@react-router/fs-routes';

// Remix v2's flat-routes file convention, unchanged: every file (or folder with a route.tsx) under app/routes is a route,
// except unit specs, which sit beside the route they test (`waitlist.$cohortId.spec.ts`).
export default flatRoutes({ ignoredRouteFiles: ['**/*.spec.ts'] }) satisfies RouteConfig;
