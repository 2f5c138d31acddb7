import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

/** The one error boundary of the app: a page per status, and a generic message for anything else. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${typeof error.data === 'string' ? error.data : error.statusText}`
    : 'Something went wrong. Please try again.';
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600" role="alert">
        {message}
      </p>
      <Link to="/" className="mt-6 inline-block text-teal-700 underline">
        Return to Home
      </Link>
    </main>
  );
}

export function NotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <Link to="/" className="mt-6 inline-block text-teal-700 underline">
        Return to Home
      </Link>
    </main>
  );
}
