import type { Env } from "../../env.ts";

/** Who the register is asked about: what a national register (GAMSTOP) matches on. */
export type RegisterPerson = {
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  postcode: string | null;
  mobile: string | null;
};

/** "unavailable": no usable answer (unreachable, timed out, an error or a malformed answer). */
export type RegisterAnswer = "listed" | "not_listed" | "unavailable";

export type SelfExclusionRegister = {
  kind: "http" | "fake";
  check: (person: RegisterPerson) => Promise<RegisterAnswer>;
};

const RESPONSE_MAX_BYTES = 4096;

/**
 * The national self-exclusion register (ADR 025), or null where none is checked. With
 * SELF_EXCLUSION_REGISTER_URL: an HTTP register (POST JSON, answer {"excluded": boolean}, within the
 * timeout). Without it, under a profile that requires a register and outside production (env
 * validation refuses production without a URL): a built-in fake that lists the addresses of
 * SELF_EXCLUSION_REGISTER_FAKE_LISTED, for tests and the demo.
 */
export function selfExclusionRegister(env: Env): SelfExclusionRegister | null {
  const url = env.SELF_EXCLUSION_REGISTER_URL;
  if (url) return { kind: "http", check: (person) => askHttpRegister(env, url, person) };
  if (!env.jurisdiction.self_exclusion_register || env.NODE_ENV === "production") return null;
  const listed = new Set(
    env.SELF_EXCLUSION_REGISTER_FAKE_LISTED.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
  return { kind: "fake", check: async (person) => (listed.has(person.email.toLowerCase()) ? "listed" : "not_listed") };
}

async function askHttpRegister(env: Env, url: string, person: RegisterPerson): Promise<RegisterAnswer> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(env.SELF_EXCLUSION_REGISTER_TOKEN ? { authorization: `Bearer ${env.SELF_EXCLUSION_REGISTER_TOKEN}` } : {}),
      },
      body: JSON.stringify(person),
      signal: AbortSignal.timeout(env.SELF_EXCLUSION_REGISTER_TIMEOUT_MS),
      redirect: "error",
    });
    if (response.status !== 200) return "unavailable";
    const text = await response.text();
    if (text.length > RESPONSE_MAX_BYTES) return "unavailable";
    const body = JSON.parse(text) as unknown;
    const excluded = body && typeof body === "object" ? (body as { excluded?: unknown }).excluded : undefined;
    // Only a clear yes or no counts; anything else is no answer, and no answer refuses.
    if (excluded === true) return "listed";
    if (excluded === false) return "not_listed";
    return "unavailable";
  } catch {
    return "unavailable";
  }
}
