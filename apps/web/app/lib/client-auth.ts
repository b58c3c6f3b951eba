// The player's auth state in the browser, outside React (client loaders) and inside it (useAuth).
// The root seeds it from the server's view of the request; the identity feature keeps it current
// (login, logout, refresh, 401/403) and registers how calls get a live access token.
export type ClientAuthState = { authenticated: boolean; userId: string | null };

type Session = {
  /** A live access token (refreshed first when close to expiry), or null for no session. */
  accessToken: () => Promise<string | null>;
  /** 401/403 from any call: clears the tokens and the user id. */
  unauthorized: () => void;
};

let state: ClientAuthState = { authenticated: false, userId: null };
const listeners = new Set<() => void>();
let session: Session | null = null;

export const clientAuth = {
  isAuthenticated: () => state.authenticated,
  /** A stable snapshot for useSyncExternalStore: a new object only when something changed. */
  snapshot: () => state,
  set: (authenticated: boolean, userId: string | null = authenticated ? state.userId : null) => {
    if (state.authenticated === authenticated && state.userId === userId) return;
    state = { authenticated, userId };
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** For API clients of any feature: `getAccessToken: clientAuth.accessToken, onUnauthorized: clientAuth.unauthorized`. */
  accessToken: (): Promise<string | null> => session?.accessToken() ?? Promise.resolve(null),
  unauthorized: () => session?.unauthorized(),
  registerSession: (value: Session) => {
    session = value;
  },
};
