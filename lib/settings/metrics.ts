// Where Prometheus metrics are served, if anywhere: the web server on METRICS_PORT, a worker supervisor
// on WORKER_METRICS_PORT, both bound to METRICS_HOST (127.0.0.1 unless set, so only the machine itself,
// or a network the operator chose, can read them). Unset, a process serves nothing and records
// nothing. Read by server.ts and the worker supervisor before Next or the database is involved, so it
// needs no secret and no "server-only"; lib/env.ts checks the same variables at start.
import { environment, environmentVersion } from "./source";

export const DEFAULT_METRICS_HOST = "127.0.0.1";

export interface MetricsEndpoint {
  host: string;
  /** 0 asks for any free port (tests); the address bound is logged. */
  port: number;
}

export interface MetricsSettings {
  /** METRICS_PORT: the web server's /metrics, or null when unset. */
  web: MetricsEndpoint | null;
  /** WORKER_METRICS_PORT: one /metrics for all of a supervisor's worker processes, or null. */
  workers: MetricsEndpoint | null;
}

export type MetricsVariable = "METRICS_PORT" | "WORKER_METRICS_PORT" | "METRICS_HOST";

type Variables = Readonly<Record<string, string | undefined>>;

const text = (value: string | undefined): string | null => value?.trim() || null;

function portOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const port = Number(value);
  return port <= 65_535 ? port : null;
}

/** Why a metrics variable cannot be used, or null when it can (unset is fine: metrics are off). */
export function metricsProblem(name: MetricsVariable, value: string | undefined): string | null {
  const given = text(value);
  if (given === null) return null;
  if (name === "METRICS_HOST") return /^[A-Za-z0-9.:_-]+$/.test(given) ? null : "METRICS_HOST must be an address to bind, such as 127.0.0.1 or 0.0.0.0";
  return portOf(given) === null ? `${name} must be a port number, such as 9464` : null;
}

/** The settings `variables` imply; a value that cannot be used turns that endpoint off (lib/env.ts refuses it at start). */
export function metricsSettingsOf(variables: Variables): MetricsSettings {
  const host = metricsProblem("METRICS_HOST", variables.METRICS_HOST) ? DEFAULT_METRICS_HOST : (text(variables.METRICS_HOST) ?? DEFAULT_METRICS_HOST);
  const endpoint = (name: "METRICS_PORT" | "WORKER_METRICS_PORT"): MetricsEndpoint | null => {
    const port = portOf(text(variables[name]));
    return port === null ? null : { host, port };
  };
  return { web: endpoint("METRICS_PORT"), workers: endpoint("WORKER_METRICS_PORT") };
}

let cached: { version: number; value: MetricsSettings } | undefined;

/** This process's settings, worked out once (and again only when a test configures others). */
export function metricsSettings(): MetricsSettings {
  const version = environmentVersion();
  if (cached?.version !== version) cached = { version, value: metricsSettingsOf(environment()) };
  return cached.value;
}
