import { NoticeShell } from "./notice-shell";

/** Where visitors from a country the site may not serve are sent (allowed_countries, restrict rules). */
export function RestrictedNotice() {
  return (
    <NoticeShell title="Not available in your region">
      <p className="text-mist-300">
        Sorry, Croupier is not available in the country you are visiting from, so we cannot let you play or open an
        account here.
      </p>
      <p className="text-sm text-mist-400">
        If you have an account and need help with your balance or a withdrawal, please{" "}
        <a className="underline" href="/support">
          contact support
        </a>
        .
      </p>
    </NoticeShell>
  );
}
