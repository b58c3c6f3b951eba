import { RouterContextProvider } from "react-router";
import type { ApiFetch } from "./api-get";
import { apiFetchContext, nonceContext } from "./router-context";

/** What the Fastify host (apps/server/src/plugins/web-app.ts) hands every request. */
export function createLoadContext({ apiFetch, nonce }: { apiFetch: ApiFetch; nonce: string }) {
  return new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [apiFetchContext, apiFetch],
      [nonceContext, nonce],
    ]),
  );
}
