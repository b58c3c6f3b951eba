import { createApiClient, FetchError, ResponseError, type ApiClient, type FetchLike } from "@croupier/contract/api-client";
import { toast } from "sonner";
import { endStaffSession, SESSION_ENDED_NOTICE, staffToken } from "./staff-session";

/** Where the back-office API lives, from the page's origin (the console is served by the same server). */
export const STAFF_API_BASE = "/api/backoffice/v1";

export const FORBIDDEN_MESSAGE = "Your role does not allow this.";
export const SERVER_ERROR_MESSAGE = "The server could not do this just now. Try again, and tell the platform team if it keeps failing.";
export const NETWORK_ERROR_MESSAGE = "The server cannot be reached. Check your connection and try again.";

export type StaffApiHooks = {
  /** Answers 401 on a call made with a token: the session ended (expired, idle, signed out elsewhere, disabled). */
  onSessionEnded: () => void;
  /** Answers 403: the role may not do this; the session stays. */
  onForbidden: () => void;
  onServerError: () => void;
};

export type StaffApiOptions = Partial<StaffApiHooks> & { fetch?: FetchLike; getToken?: () => string | null };

/**
 * A client of the back-office API (the contract's typed client: envelope unwrapped, errors thrown as
 * ResponseError with `code`, `message` and `fields`). Exported for tests; the console uses staffApi().
 */
export function createStaffApi(options: StaffApiOptions = {}): ApiClient {
  return createApiClient({
    baseUrl: STAFF_API_BASE,
    fetch: options.fetch,
    getAccessToken: options.getToken,
    onUnauthorized: (response) => {
      if (response.status === 401) options.onSessionEnded?.();
      else options.onForbidden?.();
    },
    onServerError: () => options.onServerError?.(),
  });
}

const hooks: StaffApiHooks = {
  onSessionEnded: () => endStaffSession(SESSION_ENDED_NOTICE),
  onForbidden: () => toast.error(FORBIDDEN_MESSAGE),
  onServerError: () => toast.error(SERVER_ERROR_MESSAGE),
};

let signedIn: ApiClient | undefined;
let signIn: ApiClient | undefined;

/** Every call of a signed-in staff member: bearer token, 401 → back to sign-in, 403 → toast, 5xx → toast. */
export function staffApi(): ApiClient {
  signedIn ??= createStaffApi({ ...hooks, getToken: staffToken });
  return signedIn;
}

/**
 * The sign-in steps (login, enrol, verify): no token, and a 401 there means a wrong password or code,
 * which the form shows, not an ended session.
 */
export function staffSignInApi(): ApiClient {
  signIn ??= createStaffApi({ onServerError: hooks.onServerError });
  return signIn;
}

/** Field errors of a VALIDATION_ERROR keyed by the field's name without its source ("body.email" → "email"). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ResponseError)) return {};
  const out: Record<string, string> = {};
  for (const { field, message } of error.fields) {
    const name = field.replace(/^(body|query|params|headers)\./, "");
    out[name] ??= message;
  }
  return out;
}

/** One sentence to show for a failed call. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ResponseError) {
    if (error.status === 403) return FORBIDDEN_MESSAGE;
    if (error.status >= 500) return SERVER_ERROR_MESSAGE;
    return error.message;
  }
  if (error instanceof FetchError) return NETWORK_ERROR_MESSAGE;
  return "Something went wrong.";
}

/** True when a global reaction (sign-in page, toast) already told the staff member about this error. */
export function isHandled(error: unknown): boolean {
  return error instanceof ResponseError && error.handled;
}
