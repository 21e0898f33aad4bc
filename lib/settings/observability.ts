// The settings of logs and error reports: how much is logged (LOG_LEVEL), in which form (LOG_FORMAT)
// and where unexpected errors are reported (SENTRY_DSN). Read by the logger, which the web server,
// the workers and the scripts all load before anything else, so it needs no secret, no database and
// no "server-only" (server.ts runs without React's server conditions). lib/env.ts checks the same
// variables at start, so a mistyped value stops the server with its name instead of being ignored.
import { siteSettingsOf } from "./site";
import { environment, environmentVersion } from "./source";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface ObservabilitySettings {
  /** LOG_LEVEL; unset, info (error under Jest, whose output is for failures; a test that reads lines captures them). */
  logLevel: LogLevel;
  /** LOG_FORMAT: pretty (readable lines) in development unless set, JSON lines everywhere else. */
  logFormat: LogFormat;
  /** SENTRY_DSN, or null: no error reports, and no reporting code loaded. */
  sentryDsn: string | null;
  /** The environment error reports are filed under: preview, production, development or test. */
  environmentName: string;
}

type Variables = Readonly<Record<string, string | undefined>>;

const text = (value: string | undefined): string | null => value?.trim() || null;

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  const lower = value?.toLowerCase() ?? null;
  return allowed.find((item) => item === lower) ?? null;
}

/** Why a LOG_LEVEL, LOG_FORMAT or SENTRY_DSN cannot be used, or null when it can (unset is fine). */
export function observabilityProblem(name: "LOG_LEVEL" | "LOG_FORMAT" | "SENTRY_DSN", value: string | undefined): string | null {
  const given = text(value);
  if (given === null) return null;
  if (name === "LOG_LEVEL") return oneOf(LOG_LEVELS, given) ? null : `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`;
  if (name === "LOG_FORMAT") return oneOf(LOG_FORMATS, given) ? null : `LOG_FORMAT must be one of ${LOG_FORMATS.join(", ")}`;
  return sentryDsnProblem(given);
}

/** A DSN is https://<public key>@<host>/<project id> (http:// for a collector on a private network). */
function sentryDsnProblem(value: string): string | null {
  const url = URL.parse(value);
  const valid = url && /^https?:$/.test(url.protocol) && url.username !== "" && /^\/(.*\/)?\d+$/.test(url.pathname);
  return valid ? null : "SENTRY_DSN must be a DSN such as https://<key>@o0.ingest.sentry.io/<project id>";
}

/** The settings `variables` imply; a value that cannot be used falls back to its default (lib/env.ts refuses it at start). */
export function observabilitySettingsOf(variables: Variables): ObservabilitySettings {
  const site = siteSettingsOf(variables);
  const development = !site.production && text(variables.NODE_ENV) !== "test";
  const dsn = text(variables.SENTRY_DSN);
  return {
    logLevel: oneOf(LOG_LEVELS, text(variables.LOG_LEVEL)) ?? (text(variables.NODE_ENV) === "test" ? "error" : "info"),
    logFormat: oneOf(LOG_FORMATS, text(variables.LOG_FORMAT)) ?? (development ? "pretty" : "json"),
    sentryDsn: dsn && !sentryDsnProblem(dsn) ? dsn : null,
    environmentName: site.preview ? "preview" : (text(variables.NODE_ENV) ?? "development"),
  };
}

let cached: { version: number; value: ObservabilitySettings } | undefined;

/** This process's settings, worked out once (and again only when a test configures others). */
export function observabilitySettings(): ObservabilitySettings {
  const version = environmentVersion();
  if (cached?.version !== version) cached = { version, value: observabilitySettingsOf(environment()) };
  return cached.value;
}
