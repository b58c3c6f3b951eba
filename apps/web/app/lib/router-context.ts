import type { QueryClient } from "@tanstack/react-query";
import { createContext } from "react-router";
import type { Api, ApiFetch } from "./api-get";
import type { AuthState } from "./auth-state";

/**
 * Without the Fastify host (`react-router dev`), calls go over the network to the API process;
 * the Vite proxy serves the browser, this serves SSR.
 */
const networkApiFetch: ApiFetch = (request) => {
  const target = new URL(request.url);
  const origin = new URL(process.env.API_ORIGIN ?? "http://localhost:3001");
  target.protocol = origin.protocol;
  target.host = origin.host;
  return fetch(new Request(target, request));
};

/** How SSR reaches the API: the host's in-process `apiFetch` (Fastify inject) when served by the server. */
export const apiFetchContext = createContext<ApiFetch>(networkApiFetch);
/** The CSP nonce of this HTML response; empty when the host does not set a policy. */
export const nonceContext = createContext<string>("");
/** Set by the root middleware for every server request. */
export const queryClientContext = createContext<QueryClient>();
export const apiContext = createContext<Api>();
export const authContext = createContext<AuthState>({ authenticated: false, userId: null });
