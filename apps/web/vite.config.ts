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
  // The dev server serves files from apps/web, libs/ and the root node_modules (React Router's default client entry),
  // and nothing else of the workspace: not .data/ (storage credentials, uploads, mails with sign-in links, database).
  server: { host: '127.0.0.1', fs: { allow: ['.', '../../libs', '../../node_modules'] } },
}));
