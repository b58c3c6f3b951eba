import { createApiClient } from "@croupier/contract/api-client";
import type { RealtimeClient, RealtimeEventMap, RealtimeEventType, RealtimeState } from "@croupier/contract/realtime-client";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { clientAuth } from "../../lib/client-auth";
import { toastServerError } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";

type RealtimeValue = { client: RealtimeClient | null; state: RealtimeState };

const RealtimeContext = createContext<RealtimeValue>({ client: null, state: "disconnected" });

/**
 * One realtime connection per tab while a player is logged in: opened when authentication turns
 * true (a fresh wss token before every attempt), closed when it turns false. The client code
 * (socket.io) loads only then, so visitors never download it.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { authenticated, userId } = useAuth();
  const [value, setValue] = useState<RealtimeValue>({ client: null, state: "disconnected" });

  useEffect(() => {
    if (!authenticated) return;
    let client: RealtimeClient | null = null;
    let cancelled = false;
    const api = createApiClient({
      baseUrl: "/api/v1",
      getAccessToken: clientAuth.accessToken,
      onUnauthorized: clientAuth.unauthorized,
      onServerError: toastServerError,
    });
    void import("@croupier/contract/realtime-client").then(({ createRealtimeClient }) => {
      if (cancelled) return;
      client = createRealtimeClient({
        getToken: async () => (await api.post<{ token: string }>("/authorization/wss-token")).payload.token,
        userAgent: navigator.userAgent,
      });
      const connected = client;
      connected.onStateChange((state) => setValue({ client: connected, state }));
      setValue({ client: connected, state: connected.state });
      connected.connect();
    });
    return () => {
      cancelled = true;
      client?.disconnect();
      setValue({ client: null, state: "disconnected" });
    };
  }, [authenticated, userId]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeValue {
  return useContext(RealtimeContext);
}

/** Calls the latest `handler` for every event of `type` on the current connection. */
export function useRealtimeEvent<K extends RealtimeEventType>(type: K, handler: (event: RealtimeEventMap[K]) => void) {
  const { client } = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.on(type, (event) => latest.current(event));
  }, [client, type]);
}
