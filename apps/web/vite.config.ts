import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import tsconfigPaths from 'vite-tsconfig-paths';

// React Router's settings are in react-router.config.ts, its routes in app/routes.ts.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    tsconfigPaths({ root: '../..' }),
    // The browser's scripts and stylesheets (not the server build) also written precompressed, brotli (.br) and gzip
    // (.gz) at their highest levels, once per build instead of once per request; server.mjs serves them.
    ...(isSsrBuild
      ? []
      : [
          compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json)$/, threshold: 1024 }),
        ]),
  ],
  build: {
    rollupOptions: {
      // libs/domain and libs/contracts are pure rules, types and constants with no module-level effects (STYLE.md 3,
      // 4): declared so, a page bundles the rules it calls, not every top-level table of each module its imports
      // touch (14.5 kB of transcript-reading code rode along on the payment page).
      treeshake: { moduleSideEffects: (id: string) => !/\/libs\/(domain|contracts)\/src\//.test(id) },
    },
  },
  // The dev server serves files from apps/web, libs/ and the root node_modules (React Router's default client entry),
  // and nothing else of the workspace: not .data/ (storage credentials, uploads, mails with sign-in links, database).
  server: { host: '127.0.0.1', fs: { allow: ['.', '../../libs', '../../node_modules'] } },
}));
