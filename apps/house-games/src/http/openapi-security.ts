/**
 * How the provider's routes are authorised, in OpenAPI terms. The host that mounts the provider declares
 * these schemes in its document (apps/server lib/openapi-options.ts); each route names its requirement.
 */
export const houseSecuritySchemes = {
  houseSession: {
    type: "http",
    scheme: "bearer",
    description: "The session key POST /house/api/sessions answered, as `Authorization: Bearer <session_key>`.",
  },
  housePlatformToken: {
    type: "apiKey",
    in: "header",
    name: "x-platform-token",
    description:
      "Real-money sessions only: the platform's game session token the game was launched with (only its hash is stored), " +
      "on every request that reads or moves the player's money.",
  },
} as const;

/** One OpenAPI `security` list: any one entry suffices, every scheme within an entry is needed. */
type SecurityRequirements = Array<Record<string, string[]>>;

/** Per-route `security`: public, a session of any mode (real money adds the platform token), or either. */
export const houseSecurity: Record<"public" | "session" | "optionalSession", SecurityRequirements> = {
  public: [],
  session: [{ houseSession: [], housePlatformToken: [] }, { houseSession: [] }],
  optionalSession: [{}, { houseSession: [] }],
};
