import { z } from "zod";
import { DEFAULT_MEMORY_BUDGET_MIB } from "./memory-budget.ts";

/** An address of one scheme, or unset (an empty value counts as unset). */
const optionalAddress = (scheme: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().regex(scheme, message).refine((value) => URL.canParse(value), message).optional());

/** A number, or unset (an empty value counts as unset). */
const optionalWhole = (number: z.ZodNumber) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(number.optional());

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // A streaming replica of DATABASE_URL: the catalog is read there, everything a shopper writes or must see at once on the primary.
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SETTINGS_FILE: z.string().min(1).default("config/settings.json"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("production"),
  SMTP_URL: optionalAddress(/^smtps?:\/\/[^/?#]/, "must be an smtp:// or smtps:// URL with a host"),
  // Off unless a proxy in front of the shop sets X-Forwarded-Proto and X-Forwarded-Host (and strips a client's own).
  TRUST_PROXY: z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""], { error: "must be 1 or 0 (true/false, yes/no, on/off)" })
    .default("0")
    .transform((value) => ["1", "true", "yes", "on"].includes(value)),
  // Where email links point; without it, the address each request came in on.
  // The secret of the customer hash pages carry; without it the shop generates one and keeps it in the database.
  CUSTOMER_HASH_SECRET: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(32, "must be at least 32 characters").optional()),
  // Connection limits: headers within 10 s, the whole request within 30 s, idle keep-alive 5 s, 1000 requests a connection.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  MAX_REQUESTS_PER_CONNECTION: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // New carts one client address may start in an hour.
  NEW_CARTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // New viewers one client address may add to a product's "people viewing" count in an hour.
  NEW_VIEWERS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(120),
  // The server's whole memory (RSS, MiB): the kept pages and pictures' sizes get what the open shop and rendering leave (memory-budget.ts).
  // Unset: 334 MiB (350 MB), and 256 MiB more on the embedded database, which lives in the server's process.
  MEMORY_BUDGET_MB: optionalWhole(z.number().int().min(128).max(1_048_576)),
  // Memory for pages kept to serve again to shoppers with nothing of their own (MiB), in place of the budget's share; 0 renders every page.
  PAGE_CACHE_MB: optionalWhole(z.number().int().min(0).max(65_536)),
  // Pages the server renders at once; more wait their turn.
  RENDER_SLOTS: z.coerce.number().int().min(1).max(1000).default(8),
  // The first back-office owner's password; without it one is generated on first start and shown once in the start log.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(12, "must be at least 12 characters").max(1024).optional()),
  // A bearer of this token may read /metrics from any address (without it, only from this machine).
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(16, "must be at least 16 characters").optional()),
  SHOP_URL: optionalAddress(/^https?:\/\/[^/?#]/, "must be an http:// or https:// address").transform((value) => value && new URL(value).origin),
  // Payments through Stripe: both keys set take real payments; neither keeps the test-mode checkout. Never kept in the repository.
  STRIPE_SECRET_KEY: z.string().optional().transform((value) => value || undefined),
  STRIPE_WEBHOOK_SECRET: z.string().optional().transform((value) => value || undefined),
  // Where the Stripe SDK sends its requests; Stripe's own API by default.
  STRIPE_API_BASE: optionalAddress(/^https?:\/\/[^/?#]/, "must be an http:// or https:// address"),
});

const checkedEnvironment = environment
  .refine((config) => config.HEADERS_TIMEOUT_MS <= config.REQUEST_TIMEOUT_MS, {
    message: "must not be longer than REQUEST_TIMEOUT_MS",
    path: ["HEADERS_TIMEOUT_MS"],
  })
  .refine((config) => !config.DATABASE_REPLICA_URL || config.DATABASE_URL, {
    message: "is a replica of DATABASE_URL, which is not set",
    path: ["DATABASE_REPLICA_URL"],
  })
  // A page cache as large as the whole budget leaves nothing for the shop itself.
  .refine((config) => config.PAGE_CACHE_MB === undefined || config.PAGE_CACHE_MB < (config.MEMORY_BUDGET_MB ?? DEFAULT_MEMORY_BUDGET_MIB), {
    message: "must be smaller than MEMORY_BUDGET_MB",
    path: ["PAGE_CACHE_MB"],
  })
  // One key without the other would take payments it never hears about, or hear of payments it cannot take.
  .refine((config) => !config.STRIPE_SECRET_KEY === !config.STRIPE_WEBHOOK_SECRET, {
    message: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all",
    path: ["STRIPE_WEBHOOK_SECRET"],
  });

export type ServerConfig = z.infer<typeof environment>;

/** Reads the server's settings from the environment, naming any variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = checkedEnvironment.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
  throw new Error(`Invalid environment: ${problems}`);
}
