import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The one error boundary of the app: a page per status, and a generic message for anything else. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <Unavailable />;
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
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

/** A staff member whose role may not see this page (an evaluator on an admin-only one). */
export function Forbidden() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900" role="alert">
        This page is for admins only
      </h1>
      <p className="mt-3 text-slate-600">Your account may not open it.</p>
      <Link to="/admin/reviews" className="mt-6 inline-block text-teal-700 underline">
        Go to the credential reviews
      </Link>
    </main>
  );
}

/** An outage of the API or what it depends on: nothing was lost and the admin is still logged in. */
export function Unavailable() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900" role="alert">
        The service is briefly unavailable
      </h1>
      <p className="mt-3 text-slate-600">Nothing was lost. Please try again in a moment.</p>
      <a href="" className="mt-6 inline-block text-teal-700 underline">
        Try again
      </a>
    </main>
  );
}
