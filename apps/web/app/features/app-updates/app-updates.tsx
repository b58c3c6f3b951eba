import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { applyUpdate } from "./apply-update";
import { CURRENT_BUILD_ID } from "./build-id";
import { startBuildPoller } from "./build-poller";
import { fetchLatestBuild } from "./latest-build";
import { isUpdateSafe } from "./update-safe";

/**
 * Build updates (seed 000, ADR 026): polls builds/latest.json; when a new build is out, or a new
 * service worker took over from another tab, the app reloads into it, but only once the player is
 * not in a game or a payment. Renders nothing.
 */
export function AppUpdates() {
  const [pending, setPending] = useState(false);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!CURRENT_BUILD_ID) return;
    return startBuildPoller({ currentId: CURRENT_BUILD_ID, fetchLatest: fetchLatestBuild, onNewBuild: () => setPending(true) });
  }, []);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    // A page that had a controller and gets a new one: another tab moved to a newer build.
    let controlled = Boolean(container.controller);
    const onChange = () => {
      if (controlled) setPending(true);
      controlled = true;
    };
    container.addEventListener("controllerchange", onChange);
    return () => container.removeEventListener("controllerchange", onChange);
  }, []);

  useEffect(() => {
    if (!pending || !isUpdateSafe(pathname, search)) return;
    void applyUpdate();
  }, [pending, pathname, search]);

  return null;
}
