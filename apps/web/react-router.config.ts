import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework settings (what Remix v2 took as options of its Vite plugin). Remix v2's future flags the
 * app had on (single fetch, lazy route discovery, fetcher persistence, relative splat paths, abort reasons) are
 * React Router 7's behaviour; React Router 8's flags are off, named here so the build does not warn about each: they
 * change request handling and data URLs, and React Router 8 itself needs React 19 (docs/decisions/009).
 */
export default {
  ssr: true,
  // The root package.json is CommonJS; an .mjs server build is ESM whatever the nearest package.json says.
  serverBuildFile: 'index.mjs',
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
