import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

// React Router's settings are in react-router.config.ts, its routes in app/routes.ts.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths({ root: '../..' })],
  // The dev server serves files from apps/web, libs/ and the root node_modules (React Router's default client entry),
  // and nothing else of the workspace: not .data/ (storage credentials, uploads, mails with sign-in links, database).
  server: { host: '127.0.0.1', fs: { allow: ['.', '../../libs', '../../node_modules'] } },
});
