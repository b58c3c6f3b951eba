import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

const DEV_JWT_SECRET = "dev-only-jwt-secret-change-me-0123456789abcdef";
const DEV_HOUSE_SECRET = "dev-only-house-provider-secret";

export const featureFlags = ["history-of-rounds", "bonus-hub", "caswino-coin", "sms-auth"] as const;
export type FeatureFlag = (typeof featureFlags)[number];

// Every variable the server reads, with its local default. .env.example mirrors this.
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("localhost"),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./.data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: bool.default(false),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
    CORS_ORIGINS: z.string().default(""),
    JWT_SECRET: z.string().min(32, "must be at least 32 characters").default(DEV_JWT_SECRET),
    PROVIDER_HOUSE_SECRET: z.string().min(16, "must be at least 16 characters").default(DEV_HOUSE_SECRET),
    FEATURE_FLAGS: z.string().default("history-of-rounds,bonus-hub"),
    RECAPTCHA_SITE_KEY: z.string().default(""),
    RECAPTCHA_SECRET: z.string().default(""),
    SEED_DEMO_DATA: bool.optional(),
    WEB_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/build")),
    SERVE_WEB: bool.default(true),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    if (env.JWT_SECRET === DEV_JWT_SECRET)
      ctx.addIssue({ code: "custom", path: ["JWT_SECRET"], message: "must be set in production (the default is public)" });
    if (env.PROVIDER_HOUSE_SECRET === DEV_HOUSE_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["PROVIDER_HOUSE_SECRET"],
        message: "must be set in production (the default is public)",
      });
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // Demo data (demo player, funded wallets) never seeds in production unless asked.
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? env.NODE_ENV !== "production",
    features: new Set(
      env.FEATURE_FLAGS.split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  }));

export type Env = z.infer<typeof envSchema>;

/** Parses process.env; on a bad variable, throws one message naming every offender. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
}
