import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
  type LoaderFunctionArgs,
} from 'react-router';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { GeneralErrorBoundary } from './components/error-boundary';
import { SiteHeader, type RootLoaderData } from './components/site-header';
import { siteHeaderOf } from './lib/visitor-view.server';
import { useNonce } from './lib/nonce';
import stylesheet from './tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/logo.svg', type: 'image/svg+xml' },
];

/**
 * Only what the header needs, from the cookies: no API call on every page. A render the web server shares between
 * visitors who see the same header is made without their cookies and given that header (`context.siteHeader`,
 * server.mjs).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootLoaderData> {
  return context.siteHeader ?? siteHeaderOf(request);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <SiteHeader />
        {children}
        <Toaster position="top-center" />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
