import type { RealtimeClient, RealtimeEventMap, RealtimeEventType, RealtimeState } from "@croupier/contract/realtime-client";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { playerApi } from "../../lib/player-api";
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
    void import("@croupier/contract/realtime-client").then(({ createRealtimeClient }) => {
      if (cancelled) return;
      client = createRealtimeClient({
        getToken: async () => (await playerApi().post<{ token: string }>("/api/v1/authorization/wss-token")).payload.token,
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

/**
 * What the app does with each realtime event of the contract: a handler, or "ignored" on purpose.
 * Every event name is a key, so an event added to the contract is a type error until the app
 * decides what to do with it.
 */
export type RealtimeHandlers = {
  [K in RealtimeEventType]: ((event: RealtimeEventMap[K]) => void) | "ignored";
};

/** Subscribes the table on the current connection; each event calls the latest render's handler. */
export function useRealtimeHandlers(handlers: RealtimeHandlers) {
  const { client } = useRealtime();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!client) return;
    const types = Object.keys(latest.current) as RealtimeEventType[];
    const unsubscribes = types.map((type) =>
      client.on(type, (event) => {
        const handler = latest.current[type];
        if (handler !== "ignored") (handler as (event: RealtimeEventMap[typeof type]) => void)(event);
      }),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client]);
}
