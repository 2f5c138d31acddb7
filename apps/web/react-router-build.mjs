// React Router's package.json maps Node (its "node" exports condition, and every other one) to its development build
// (dist/development), whatever NODE_ENV says, and it has no "production" condition to ask for the other. The two
// builds differ by one constant, ENABLE_DEV_WARNINGS: the development one checks routes and elements for mistakes and
// builds warning text during every render, and its default error page logs the error and adds a note for developers.
// server.mjs, in production, calls productionReactRouter() before it imports React Router or the server build, so
// every import of `react-router` in that process (its own, the server build's, other packages') loads
// dist/production: one copy, so the server build's `data()` and redirects are the handler's own classes.

import * as nodeModule from 'node:module';

const DEVELOPMENT = '/react-router/dist/development/';
const PRODUCTION = '/react-router/dist/production/';

/**
 * Resolves `react-router`'s files to its production build from now on, in this process. False where Node has no
 * synchronous module hooks (`module.registerHooks`: Node 22.15 and 23.5 on; the app runs from 22.13): the
 * development build then stays, which works the same apart from its warnings.
 */
export function productionReactRouter() {
  if (typeof nodeModule.registerHooks !== 'function') return false;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url?.includes(DEVELOPMENT)
        ? { ...resolved, url: resolved.url.replace(DEVELOPMENT, PRODUCTION) }
        : resolved;
    },
  });
  return true;
}

/** Which build `react-router` resolves to in this process: 'production' or 'development'. */
export function reactRouterBuild() {
  return import.meta.resolve('react-router').includes(PRODUCTION) ? 'production' : 'development';
}
