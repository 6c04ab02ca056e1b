import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's fallback error screen (docs/product/public-site.md#error-fallback). */
export function ErrorFallback() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4">
      <div role="alert" className="max-w-lg text-center">
        <h1 className="mb-3 text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        {detail ? <p className="mb-4 text-sm break-words text-slate-700">{detail}</p> : null}
        <div className="flex justify-center gap-4">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="text-indigo-700 underline underline-offset-4 hover:text-indigo-900"
          >
            Reload the page
          </button>
          <a
            href="/"
            className="text-indigo-700 underline underline-offset-4 hover:text-indigo-900"
          >
            Return to Home
          </a>
        </div>
      </div>
    </main>
  );
}

export function RouteLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600 motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
