import { z } from "zod";

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SETTINGS_FILE: z.string().min(1).default("config/settings.json"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("production"),
});

export type ServerConfig = z.infer<typeof environment>;

/** Reads the server's settings from the environment, naming any variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = environment.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
  throw new Error(`Invalid environment: ${problems}`);
}
