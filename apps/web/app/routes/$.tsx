import type { MetaFunction } from 'react-router';
import { NotFound } from '~/components/error-boundary';

export const meta: MetaFunction = () => [{ title: '404 Page Not Found' }];

/** Any path no other route claims: the 404 page with HTTP status 404. */
export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
