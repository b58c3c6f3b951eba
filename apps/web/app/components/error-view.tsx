import { Link } from "react-router";

/** The error page: the view depends on the status (403, 404, anything else). */
export function ErrorView({ status, path, detail }: { status: number; path: string; detail?: string }) {
  const view =
    status === 404
      ? { code: "404", title: "Page Not Found", text: "There is no page at this address." }
      : status === 403
        ? { code: "403", title: "Access denied", text: "You do not have access to this page." }
        : {
            code: String(status || 500),
            title: "Something went wrong",
            text: "The page could not be shown. Please try again in a moment; if it keeps happening, contact support.",
          };
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center" aria-labelledby="error-title">
      <p className="bg-linear-to-b from-gold-300 to-gold-600 bg-clip-text text-7xl font-black text-transparent">{view.code}</p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold text-white">
        {view.title}
      </h1>
      <p className="mt-2 text-mist-400">{view.text}</p>
      <p className="mt-3 rounded-lg bg-ink-800 px-3 py-1.5 font-mono text-sm break-all text-mist-300">{path}</p>
      {detail ? <pre className="mt-4 max-w-full overflow-auto text-left text-xs text-ruby-400">{detail}</pre> : null}
      <div className="mt-8 flex gap-3">
        <Link to="/" className="btn-primary">
          Back to the lobby
        </Link>
        <Link to="/support" className="btn-ghost">
          Contact support
        </Link>
      </div>
    </section>
  );
}
