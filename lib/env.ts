// Server configuration read once from the environment and validated, so a bad value fails fast with its name.
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm run dev sets it for the embedded database)"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
  APP_URL: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  AUTH_GOOGLE_ISSUER: optional,
  AUTH_APPLE_ID: optional,
  AUTH_APPLE_SECRET: optional,
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  /** From an operation's charge to its result, queue wait included; then it is failed and refunded. */
  IMAGE_OPERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
  /** Local-engine jobs a worker runs at once, one process each; the CPU count when unset. */
  WORKER_CONCURRENCY: z.coerce.number().int().positive().optional(),
  /** Provider jobs (network waits) each worker process runs at once. */
  WORKER_REMOTE_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** How long a job's worker may go silent before the job is given to another worker. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  /** The worker processes' CPU niceness (0–19), so a web server on the same machine stays responsive. */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  cached = parsed.data;
  return cached;
}

export function isProduction(): boolean {
  return process.env.NODE_ENV === "production";
}
