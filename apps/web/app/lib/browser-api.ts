import type { Api } from "./api-get";
import { playerApi } from "./player-api";

let api: Api | undefined;

/** The browser's Api: the tab's one player client (same origin, live token, 401 and 5xx reactions). */
export function getBrowserApi(): Api {
  api ??= { client: playerApi() };
  return api;
}

/** The API for hooks. Queries never run during SSR (they read the dehydrated cache), so this is the browser's. */
export function useApi(): Api {
  return getBrowserApi();
}
