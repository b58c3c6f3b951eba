import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** A page that failed to load or render (a new deployment replaced its chunk, a bug): say so, offer a way out. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunkGone = error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main role="alert" className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{notFound ? "This page does not exist." : "This page could not be shown."}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {chunkGone ? "The console was updated since this tab opened. Reload the page." : "Reload the page or go back to the start."}
      </p>
      <div className="mt-4 flex justify-center gap-3 text-sm">
        <button type="button" className="text-indigo-700 underline" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="text-indigo-700 underline">
          Home
        </Link>
      </div>
    </main>
  );
}
