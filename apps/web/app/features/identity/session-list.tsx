import type { SessionLog } from "@croupier/contract/entities/session";
import { useState, useSyncExternalStore } from "react";
import { toastError, toastSuccess } from "../../lib/toasts";
import { terminateOtherSessions } from "./auth-actions";
import { errorMessage } from "./identity-api";
import { useSessionLogs } from "./session-logs";
import { currentAccessToken, subscribeAccessToken } from "./token-store";
import { sessionIdOfToken } from "./token-lifecycle";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function describeDevice(log: SessionLog): string {
  const device = log.device ? capitalize(log.device) : "Unknown device";
  const os = [log.os_name, log.os_version].filter(Boolean).join(" ");
  return os ? `${device} · ${os}` : device;
}

export function describeBrowser(log: SessionLog): string {
  return [log.browser_name, log.browser_version?.split(".")[0]].filter(Boolean).join(" ") || "Unknown browser";
}

export function describePlace(log: SessionLog): string {
  const country = log.country ? (new Intl.DisplayNames(["en"], { type: "region" }).of(log.country.toUpperCase()) ?? log.country) : null;
  return [country, log.ip].filter(Boolean).join(" · ") || "Unknown place";
}

/** POST /sessions with device, browser, place and time, and "Log out other sessions" (POST /session/terminate). */
export function SessionList() {
  const sessions = useSessionLogs();
  const [busy, setBusy] = useState(false);
  // Live: after a full page load the tab's access token (and so its session id) arrives with the start-up refresh.
  const currentSid = useSyncExternalStore(
    subscribeAccessToken,
    () => sessionIdOfToken(currentAccessToken()),
    () => null,
  );
  const active = (sessions.data ?? []).filter((log) => log.finished_at === null);
  const others = active.filter((log) => log.guid !== currentSid).length;

  const terminate = async () => {
    setBusy(true);
    try {
      await terminateOtherSessions();
      toastSuccess("Your other sessions were logged out.");
    } catch (failure) {
      toastError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="active-sessions">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="active-sessions" className="text-lg font-semibold text-white">
          Active sessions
        </h2>
        <button type="button" className="btn-ghost" onClick={terminate} disabled={busy || others === 0}>
          Log out other sessions
        </button>
      </div>
      {sessions.isPending ? (
        <p className="text-sm text-mist-400" role="status">
          Loading your sessions…
        </p>
      ) : sessions.isError ? (
        <p className="text-sm text-ruby-400" role="alert">
          Your sessions could not be loaded.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-700" aria-label="Sessions">
          {active.map((log) => (
            <li key={log.guid} className="flex flex-col gap-0.5 py-3 tablet:flex-row tablet:items-center tablet:justify-between tablet:gap-4">
              <div className="min-w-0">
                <p className="font-medium text-white">
                  {describeDevice(log)} <span className="text-mist-400">· {describeBrowser(log)}</span>
                  {log.guid === currentSid ? (
                    <span className="ml-2 rounded-full bg-felt-600/20 px-2 py-0.5 text-xs font-semibold text-felt-400">This device</span>
                  ) : null}
                </p>
                <p className="text-sm text-mist-400">{describePlace(log)}</p>
              </div>
              <time dateTime={log.created_at} className="shrink-0 text-sm text-mist-400">
                {dateTime.format(new Date(log.created_at))}
              </time>
            </li>
          ))}
          {active.length === 0 ? <li className="py-3 text-sm text-mist-400">No active sessions.</li> : null}
        </ul>
      )}
    </section>
  );
}
