// The render limit of a page: the route's React tree (root layout + route component) rendered with renderToString on
// fixed data (what the route's loader returned once against the running API) in a loop, for a fixed time.
// Run by bench.ts as its own process: `node render-limit.mjs <server build> <seconds> <views>`, where views is a JSON
// list of { key, path, cookie }: the loader runs once with that Cookie header (a signed-in visitor's own data, e.g. an
// applicant's credentials or an admin's panel), or none. Prints JSON: key → { rendersPerSecond, bytes }.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { pathToFileURL } from 'node:url';
import { productionReactRouter } from '../../web/react-router-build.mjs';

// React Router's production build, as the web server loads it in production (apps/web/react-router-build.mjs).
productionReactRouter();
const { createRoutesStub, Outlet } = await import('react-router');
const [buildPath, secondsArg, viewsArg] = process.argv.slice(2);
const build = await import(pathToFileURL(buildPath).href);
const root = build.routes.root.module;
const results = {};
for (const { key, path, cookie } of JSON.parse(viewsArg)) {
  const entry = Object.values(build.routes).find(
    (route) =>
      route.parentId === 'root' &&
      (path === '/' ? route.index && !route.path : `/${route.path}` === path && !route.index),
  );
  if (!entry) throw new Error(`no route for ${path}`);
  const request = new Request(`http://127.0.0.1${path}`, { headers: cookie ? { cookie } : {} });
  const loaded = entry.module.loader
    ? await entry.module.loader({ request, params: {}, context: {} }).catch(async (thrown) => {
        // A loader throws a Response for an outage or a redirect: say which, instead of a bare "Response {}".
        const detail = thrown instanceof Response ? `${thrown.status} ${await thrown.text()}` : String(thrown);
        throw new Error(`the loader of ${path} threw: ${detail}`, { cause: thrown });
      })
    : null;
  // React Router's data() wraps what a loader returns with its headers; plain objects and Responses are the other forms.
  const data =
    loaded instanceof Response ? await loaded.json() : loaded?.type === 'DataWithResponseInit' ? loaded.data : loaded;
  const Layout = root.Layout ?? (({ children }) => children);
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => createElement(Layout, null, createElement(Outlet)),
      children: [
        {
          id: entry.id,
          index: path === '/',
          path: path === '/' ? undefined : path.slice(1),
          Component: entry.module.default,
          loader: () => data,
        },
      ],
    },
  ]);
  const element = createElement(Stub, {
    initialEntries: [path],
    hydrationData: { loaderData: { root: null, [entry.id]: data } },
  });
  const html = renderToString(element);
  if (!html.includes('<main')) throw new Error(`render of ${path} has no <main>: ${html.slice(0, 300)}`);
  const deadline = performance.now() + Number(secondsArg) * 1000;
  let renders = 0;
  const start = performance.now();
  while (performance.now() < deadline) {
    renderToString(element);
    renders++;
  }
  results[key] = { rendersPerSecond: renders / ((performance.now() - start) / 1000), bytes: html.length };
}
console.log(JSON.stringify(results));
