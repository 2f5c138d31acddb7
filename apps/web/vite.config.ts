import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

// React Router's settings are in react-router.config.ts, its routes in app/routes.ts.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths({ root: '../..' })],
  // The dev server serves files from the whole workspace: libs/ and the root node_modules (React Router's default
  // client entry) are outside apps/web, where Vite would stop by default.
  server: { host: '127.0.0.1', fs: { allow: ['../..'] } },
});
