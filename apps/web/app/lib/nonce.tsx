import { createContext, useContext } from "react";

/** The CSP nonce of the HTML response: provided around <ServerRouter> on the server, empty in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
