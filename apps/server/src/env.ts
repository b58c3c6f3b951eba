import path from "node:path";
import { z } from "zod";
import { jurisdictionCodes, jurisdictionProfile } from "@croupier/contract/jurisdiction";
import { VERIFICATION_GROUPS } from "@croupier/contract/entities/documents";
import { isLoopbackHost, isWildcardHost } from "./lib/loopback-host.ts";
import { trustProxySetting } from "./lib/trust-proxy.ts";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

// A non-negative plain decimal amount in the default currency (a limit, never arithmetic in JS).
const baseAmount = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, "must be a plain non-negative decimal amount");

const DEV_JWT_SECRET = "dev-only-jwt-secret-change-me-0123456789abcdef";
const DEV_STAFF_SECRET_KEY = "dev-only-staff-secret-key-change-me-0123456789";
// 32 bytes in hex: the KYC documents' AES-256-GCM key outside production (public, so refused there).
const DEV_DOCUMENTS_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const oidcProvider = z.object({
  /** Used in /authorization/provider-redirect?provider=NAME. */
  name: z.string().regex(/^[a-z0-9_-]{1,64}$/),
  /** Discovery base: {issuer}/.well-known/openid-configuration (https://accounts.google.com for Google). */
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scopes: z.string().default("openid email profile"),
  // Optional overrides when the provider has no discovery document.
  authorization_endpoint: z.url().optional(),
  token_endpoint: z.url().optional(),
  userinfo_endpoint: z.url().optional(),
});
export type OidcProviderConfig = z.infer<typeof oidcProvider>;

const oidcProviders = z
  .string()
  .default("[]")
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw || "[]") as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON array of providers" });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProvider).max(20));

const DEV_HOUSE_SECRET = "dev-only-house-provider-secret";
const DEV_SANDBOX_PSP_SECRET = "dev-only-sandbox-psp-webhook-secret";

/**
 * A comma-separated list of "code<separator>value" pairs keyed by provider code
 * (PROVIDERS, GAME_LAUNCH_URLS); every malformed entry is named in the error.
 */
function providerList(separator: string, valueIsValid: (value: string) => boolean, shape: string) {
  return z
    .string()
    .default("")
    .transform((raw, ctx) =>
      raw
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean)
        .flatMap((entry) => {
          const at = entry.indexOf(separator);
          const code = entry.slice(0, at);
          const value = entry.slice(at + 1);
          if (at < 1 || !/^[a-z0-9_-]{1,64}$/.test(code) || !valueIsValid(value)) {
            ctx.addIssue({ code: "custom", message: `"${code || entry}" must be ${shape}` });
            return [];
          }
          return [{ code, value }];
        }),
    );
}

export const featureFlags = ["history-of-rounds", "bonus-hub", "caswino-coin", "sms-auth"] as const;
export type FeatureFlag = (typeof featureFlags)[number];

// Every variable the server reads, with its local default. .env.example mirrors
// this (a test keeps them in step).
export const envObject = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("localhost"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Empty = unset (the default below), so a script can clear an inherited value.
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  // Provider wallet batches (one-trip and money) that may run at once on the database across every process
  // (ADR 042): while one process's batch holds a slot, the others' calls keep queueing and leave together.
  // 0 (default): each process batches on its own; measured on a quiet machine, one shared slot doubled the
  // batches but cost throughput and saved no CPU per call (ADR 042, 2026-11-28 figures).
  WALLET_BATCH_SLOTS: z.coerce.number().int().min(0).max(64).default(0),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Realtime: "false" makes a process hold sockets only; at least one process must dispatch the outbox.
  REALTIME_DISPATCH: bool.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Proxies whose X-Forwarded-For is believed: a hop count or their addresses (lib/trust-proxy.ts).
  TRUST_PROXY: trustProxySetting,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  // Comma-separated exact origins allowed to call the API cross-origin; empty = same origin only.
  CORS_ORIGINS: z
    .string()
    .default("")
    .refine(
      (value) => value.split(",").every((origin) => !origin.trim() || /^https?:\/\/[^/\s]+$/.test(origin.trim())),
      "must be comma-separated origins like https://example.com (no path)",
    ),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").default(DEV_JWT_SECRET),
  PROVIDER_HOUSE_SECRET: z.string().min(16, "must be at least 16 characters").default(DEV_HOUSE_SECRET),
  // Encrypts back-office staff TOTP secrets at rest (AES-256-GCM, ADR 017); changing it voids every
  // enrolled authenticator (recovery codes still sign in, then an admin resets two-factor).
  STAFF_SECRET_KEY: z.string().min(32, "must be at least 32 characters").default(DEV_STAFF_SECRET_KEY),
  // Further game providers allowed on the wallet protocol: "code:secret,code2:secret2".
  PROVIDERS: providerList(
    ":",
    (secret) => secret.length >= 16,
    "code:secret (code a-z0-9_-, secret ≥ 16 characters)",
  ).transform((entries) => entries.map(({ code, value }) => ({ code, secret: value }))),
  // Game launch URL templates per provider: "code=https://provider.example/launch/{game_code},…".
  // {game_code} is the game's external_guid; the house provider defaults to {PUBLIC_URL}/house/play/{game_code}.
  GAME_LAUNCH_URLS: providerList(
    "=",
    (template) => /^https?:\/\/\S+$/.test(template) && template.includes("{game_code}"),
    "code=http(s)://…{game_code}…",
  ).transform((entries) => entries.map(({ code, value }) => ({ code, template: value }))),
  // Lifetime of a game session token (provider calls); bets after it → TOKEN_EXPIRED.
  GAME_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(4 * 3600),
  FEATURE_FLAGS: z.string().default("history-of-rounds,bonus-hub"),
  RECAPTCHA_SITE_KEY: z.string().default(""),
  RECAPTCHA_SECRET: z.string().default(""),
  // Identity (apps/server/src/modules/identity).
  JWT_ISSUER: z.string().min(1).max(200).default("croupier"),
  JWT_AUDIENCE: z.string().min(1).max(200).default("croupier-player"),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 86_400)
    .default(30 * 86_400),
  // When on, login, sign-up and /password/token need a valid X-Captcha-Response.
  CAPTCHA_ENABLED: bool.default(false),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  // reCAPTCHA v3 answers carry a score; v2 answers have none and pass on success alone.
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  // Request header with the visitor's ISO country set by a trusted proxy (e.g. CF-IPCountry); read only with TRUST_PROXY.
  COUNTRY_HEADER: z.string().max(64).default(""),
  // A local MaxMind DB file (GeoLite2-Country / DB-IP lite) for the visitor's country; absent = lookups skipped with a warning.
  GEOIP_DB_PATH: z.string().max(500).default(""),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(10).default(10),
  LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(10_000).default(100),
  // Per account across every address (a botnet or invented addresses): pauses password login only.
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).max(200).default("Croupier <no-reply@croupier.local>"),
  OIDC_PROVIDERS: oidcProviders,
  // Where providers send the player back; the player app reads state and code from the query.
  OIDC_REDIRECT_URI: z.url().optional(),
  // Demo mode (docs/decisions/013-demo-mode.md): the development-only routes (/dev/oidc sign-in as anyone,
  // /dev/outbox everyone's mail, POST /billing/deposit/test free money, the sandbox PSP) exist only when
  // this is on. Never in production; only on a loopback HOST unless DEMO_MODE_ALLOW_REMOTE insists.
  // npm start turns it on for the embedded database.
  DEMO_MODE: bool.default(false),
  DEMO_MODE_ALLOW_REMOTE: bool.default(false),
  // Built-in identity provider under /dev/oidc (default on in demo mode; needs DEMO_MODE).
  DEV_OIDC_PROVIDER: bool.optional(),
  // Demo players (public passwords) and funded wallets; default: DEMO_MODE.
  SEED_DEMO_DATA: bool.optional(),
  // Payments (apps/server/src/modules/payments, docs/decisions/005-payments.md).
  // Built-in sandbox PSP (cards, crypto, payouts) with its pages under /sandbox-psp: default DEMO_MODE;
  // may be forced on outside production (tests); refused in production.
  SANDBOX_PSP_ENABLED: bool.optional(),
  // HMAC-SHA256 key of the sandbox's webhooks.
  SANDBOX_PSP_SECRET: z.string().min(16, "must be at least 16 characters").default(DEV_SANDBOX_PSP_SECRET),
  // Sandbox worker period (webhook retries, payouts, crypto blocks); 0 = no background worker (tests tick it).
  SANDBOX_PSP_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  // A sandbox payout turns paid (or failed) this long after it was requested.
  SANDBOX_PSP_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  // One simulated block (confirmation) of a sandbox crypto transfer every this many ms.
  SANDBOX_PSP_BLOCK_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  // Withdrawals need a verified identity (PLAYER_PROTECTION 23); default on in production, off otherwise.
  WITHDRAWAL_REQUIRES_KYC: bool.optional(),
  // Deposits need a verified identity; always on under a profile that requires verification before play (gb).
  DEPOSIT_REQUIRES_KYC: bool.default(false),
  // A withdrawal while a bonus is active (ADR 031): forfeit = allowed once the player confirms cancelling
  // the bonus (extra_data.forfeit_bonus), refuse = only after the bonus ended.
  BONUS_WITHDRAWAL_POLICY: z.enum(["forfeit", "refuse"]).default("forfeit"),
  // The bonus engine's sweep period (ADR 031); 0 = no background sweep. Unset: 5000, or 0 under
  // NODE_ENV=test, where tests run the sweep themselves (runBonusSweep).
  BONUS_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  // The promotions' background passes (issue #18: segments, cashback, rakeback, loyalty and coins); 0 = off.
  // Unset: 10000, or 0 under NODE_ENV=test, where tests run the jobs themselves.
  PROMOTION_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  // KYC documents (ADR 023). The AES-256-GCM key of the stored files: 64 hex characters (32 bytes).
  DOCUMENTS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")
    .default(DEV_DOCUMENTS_KEY),
  // Where the encrypted files go: local (under DATA_DIR/documents) or s3 (any S3-compatible store).
  DOCUMENTS_STORAGE: z.enum(["local", "s3"]).default("local"),
  DOCUMENTS_S3_BUCKET: z.string().min(3).max(63).optional(),
  DOCUMENTS_S3_REGION: z.string().min(1).max(64).default("us-east-1"),
  // A non-AWS store's address (MinIO, R2, …); empty = AWS.
  DOCUMENTS_S3_ENDPOINT: z.url().optional(),
  // Empty = the AWS SDK's default credential chain (instance role, AWS_* variables).
  DOCUMENTS_S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  DOCUMENTS_S3_FORCE_PATH_STYLE: bool.default(false),
  DOCUMENTS_S3_PREFIX: z.string().max(100).regex(/^[A-Za-z0-9/_-]*$/).default("kyc/"),
  // The groups a player needs approved to be verified: identity, proof_of_address, payment_method, selfie.
  KYC_REQUIRED_DOCUMENTS: z
    .string()
    .default("identity,proof_of_address")
    .transform((raw) =>
      raw
        .split(",")
        .map((g) => g.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(VERIFICATION_GROUPS)).min(1, "must name at least one group").max(4)),
  // The operator's licensing jurisdiction: ONE switch for the platform and every game provider (they
  // learn it through the signed launch URL). none | gb | mt | on; empty = none. The profile it selects
  // (@croupier/contract/jurisdiction) is env.jurisdiction.
  JURISDICTION: z
    .string()
    .transform((value) => value.trim().toLowerCase() || "none")
    .pipe(z.enum(jurisdictionCodes, { error: `must be one of ${jurisdictionCodes.join(", ")} (or empty for none)` }))
    .default("none"),
  // National self-exclusion register (GAMSTOP-like, ADR 025), checked at sign-up and login under a profile
  // that requires it (gb) or whenever a URL is set. POST JSON to the URL, answer {"excluded": boolean};
  // no answer within the timeout, or any other answer, refuses (fails closed). Without a URL, outside
  // production, a built-in fake lists the addresses of SELF_EXCLUSION_REGISTER_FAKE_LISTED (comma-separated).
  SELF_EXCLUSION_REGISTER_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  SELF_EXCLUSION_REGISTER_TOKEN: z.string().max(500).optional().or(z.literal("").transform(() => undefined)),
  SELF_EXCLUSION_REGISTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  SELF_EXCLUSION_REGISTER_FAKE_LISTED: z.string().max(10_000).default("self-excluded@example.com"),
  // SMS gateway (ADR 025): with a URL, text messages go there (POST JSON {to, text}, Bearer token); without
  // one they go to the development outbox, and in production they are not sent (a warning is logged).
  SMS_GATEWAY_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  SMS_GATEWAY_TOKEN: z.string().max(500).optional().or(z.literal("").transform(() => undefined)),
  SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  // Attempts per message on a network error, a timeout or a 5xx/429 answer (1 = no retry).
  SMS_GATEWAY_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(3),
  // Whether players may cancel their pending withdrawals where the jurisdiction profile allows it at all
  // (gb never does); false tightens the rule, true never loosens it.
  PLAYER_MAY_CANCEL_WITHDRAWAL: bool.optional(),
  // Back office money review (issue #15, docs/decisions/018-withdrawal-review-and-adjustments.md). Amounts are
  // in the default currency (USD), other currencies converted with the stored exchange rates; an amount with
  // no known rate counts as above every limit.
  // A manual adjustment above this amount waits for a second staff member's approval (four eyes); 0 = always.
  ADJUSTMENT_APPROVAL_THRESHOLD: baseAmount.default("100"),
  // Withdrawals at or below this amount are approved without staff review when the rule below also passes;
  // empty = every withdrawal waits for review (the default in production; demo mode: 50).
  WITHDRAWAL_AUTO_APPROVE_MAX: baseAmount.optional().or(z.literal("").transform(() => undefined)),
  // The auto-approval rule also needs a verified player (default on; off in demo mode, whose players cannot verify).
  WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY: bool.optional(),
  // /metrics (Prometheus). With METRICS_PORT it is served on its own listener at METRICS_HOST:METRICS_PORT
  // (keep that off the public internet) and not on the main one. METRICS_TOKEN, if set, is required as
  // "Authorization: Bearer <token>" wherever /metrics is served. In production the main listener serves
  // /metrics only with METRICS_TOKEN set; outside production it is open unless a token is set.
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The API reference (/api/docs and its OpenAPI document /api/docs/json); default on outside production.
  API_DOCS: bool.optional(),
  // Image resizes (/_ipx cache misses) one address may cause per minute; cached images are not counted.
  IMAGE_RESIZES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(240),
  WEB_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/build")),
  SERVE_WEB: bool.default(true),
  // The staff console (apps/backoffice build) at /backoffice. With BACKOFFICE_PORT, the console and
  // /api/backoffice/v1 are served only on their own listener at BACKOFFICE_HOST:BACKOFFICE_PORT (a private
  // interface or VPN) and the public listener answers 404 for both.
  BACKOFFICE_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, "../../backoffice/build")),
  BACKOFFICE_HOST: z.string().min(1).default("127.0.0.1"),
  BACKOFFICE_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Where the built-in house provider sends its wallet calls; default this process (http://127.0.0.1:PORT).
  HOUSE_PLATFORM_URL: z.url().optional(),
  // Third-party services of the player app (issue #19, ADR 027); empty = off. Nothing loads before consent.
  // GA4, Hotjar and the external live chat fall back to these when the project's settings name none.
  GA_MEASUREMENT_ID: z.string().max(64).default(""),
  HOTJAR_SITE_ID: z.string().max(64).default(""),
  LIVECHAT_LICENSE: z.string().max(64).default(""),
  // The customer-engagement service (identify and page calls) and the tracking pixel (Lead, Purchase).
  ENGAGEMENT_WRITE_KEY: z.string().max(128).default(""),
  TRACKING_PIXEL_ID: z.string().max(64).default(""),
  // Tests only: every service's script (and the page policy's origins) from this stand-in instead of its vendor.
  EXTERNAL_SERVICES_BASE_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
});

export const envSchema = envObject
  .superRefine((env, ctx) => {
    if (env.CAPTCHA_ENABLED && !env.RECAPTCHA_SECRET)
      ctx.addIssue({ code: "custom", path: ["RECAPTCHA_SECRET"], message: "must be set when CAPTCHA_ENABLED is on" });
    if (env.DEV_OIDC_PROVIDER && !env.DEMO_MODE)
      ctx.addIssue({
        code: "custom",
        path: ["DEV_OIDC_PROVIDER"],
        message: "needs DEMO_MODE=true (it lets anyone sign in as any player)",
      });
    // Whoever reaches these routes can sign in as anyone and mint money: only this machine may, unless
    // the operator says otherwise in a variable whose name says what it does.
    if (env.DEMO_MODE && !env.DEMO_MODE_ALLOW_REMOTE && !isLoopbackHost(env.HOST))
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_MODE"],
        message: `refused with HOST=${env.HOST}, which other machines can reach (anyone there could sign in as any player and mint money); use HOST=localhost, or set DEMO_MODE_ALLOW_REMOTE=true if you really mean it`,
      });
    if (env.DOCUMENTS_STORAGE === "s3" && !env.DOCUMENTS_S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["DOCUMENTS_S3_BUCKET"], message: "must be set when DOCUMENTS_STORAGE=s3" });
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (it is a second listener)" });
    if (env.BACKOFFICE_PORT !== undefined && (env.BACKOFFICE_PORT === env.PORT || env.BACKOFFICE_PORT === env.METRICS_PORT))
      ctx.addIssue({ code: "custom", path: ["BACKOFFICE_PORT"], message: "must differ from PORT and METRICS_PORT (it is a listener of its own)" });
    if (env.NODE_ENV !== "production") return;
    if (jurisdictionProfile(env.JURISDICTION).self_exclusion_register && !env.SELF_EXCLUSION_REGISTER_URL)
      ctx.addIssue({
        code: "custom",
        path: ["SELF_EXCLUSION_REGISTER_URL"],
        message: `must be set in production under JURISDICTION=${env.JURISDICTION} (sign-up and login check the national self-exclusion register)`,
      });
    if (env.DEMO_MODE)
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_MODE"],
        message: "must be off in production (it opens development-only routes)",
      });
    if (env.SANDBOX_PSP_ENABLED)
      ctx.addIssue({
        code: "custom",
        path: ["SANDBOX_PSP_ENABLED"],
        message: "must be off in production (the sandbox payment provider credits deposits nobody paid)",
      });
    if (env.EXTERNAL_SERVICES_BASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["EXTERNAL_SERVICES_BASE_URL"],
        message: "must be unset in production (it replaces every third-party script with a test stand-in)",
      });
    if (env.JWT_SECRET === DEV_JWT_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["JWT_SECRET"],
        message: "must be set in production (the default is public)",
      });
    if (env.PROVIDER_HOUSE_SECRET === DEV_HOUSE_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["PROVIDER_HOUSE_SECRET"],
        message: "must be set in production (the default is public)",
      });
    if (env.DOCUMENTS_KEY.toLowerCase() === DEV_DOCUMENTS_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["DOCUMENTS_KEY"],
        message: "must be set in production (the default is public)",
      });
    if (env.STAFF_SECRET_KEY === DEV_STAFF_SECRET_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["STAFF_SECRET_KEY"],
        message: "must be set in production (the default is public)",
      });
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? defaultPublicUrl(env.HOST, env.PORT),
    // The one jurisdiction profile every rule reads (payments here, games through the launch URL).
    jurisdiction: jurisdictionProfile(env.JURISDICTION),
    // A profile that wants identity verified before play (gb, ADR 025) needs it for deposits whatever this says.
    DEPOSIT_REQUIRES_KYC: env.DEPOSIT_REQUIRES_KYC || jurisdictionProfile(env.JURISDICTION).verified_before_play,
    // Without an explicit PUBLIC_URL, outside production, a request reaching us through a loopback name
    // (127.0.0.1, [::1], *.localhost) gets links on the origin it used (request-public-url.ts).
    publicUrlFromRequest: env.PUBLIC_URL === undefined && env.NODE_ENV !== "production",
    DATA_DIR: path.resolve(env.DATA_DIR),
    // Demo players have public passwords: seeded with demo mode unless asked otherwise.
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? env.DEMO_MODE,
    DEV_OIDC_PROVIDER: env.DEMO_MODE && (env.DEV_OIDC_PROVIDER ?? true),
    SANDBOX_PSP_ENABLED: env.NODE_ENV !== "production" && (env.SANDBOX_PSP_ENABLED ?? env.DEMO_MODE),
    WITHDRAWAL_REQUIRES_KYC: env.WITHDRAWAL_REQUIRES_KYC ?? env.NODE_ENV === "production",
    // Production reviews every withdrawal unless the operator sets a rule; the demo pays small ones at once.
    WITHDRAWAL_AUTO_APPROVE_MAX:
      env.WITHDRAWAL_AUTO_APPROVE_MAX ?? (env.DEMO_MODE && env.NODE_ENV !== "production" ? "50" : undefined),
    WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY: env.WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY ?? !env.DEMO_MODE,
    API_DOCS: env.API_DOCS ?? env.NODE_ENV !== "production",
    // Where /metrics answers: its own listener, the main one, or nowhere (production without a token).
    metricsOn:
      env.METRICS_PORT !== undefined
        ? ("own-listener" as const)
        : env.METRICS_TOKEN !== undefined || env.NODE_ENV !== "production"
          ? ("main-listener" as const)
          : ("off" as const),
    features: new Set(
      env.FEATURE_FLAGS.split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  }));

export type Env = z.infer<typeof envSchema>;

/** http://HOST:PORT for a HOST naming one address; localhost for a wildcard (0.0.0.0, ::). */
function defaultPublicUrl(host: string, port: number): string {
  if (isWildcardHost(host)) return `http://localhost:${port}`;
  const name = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  try {
    return new URL(`http://${name}:${port}`).origin;
  } catch {
    return `http://localhost:${port}`;
  }
}

/** Parses process.env; on a bad variable, throws one message naming every offender. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
}
