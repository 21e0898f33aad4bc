// Error reports: an error nobody answered for (a request Next could not answer, a job that failed for
// a reason no code foresaw, a worker or a script that crashed) goes to Sentry when SENTRY_DSN is set,
// with the request's or the job's id and no personal data (errors-sentry.ts). Unset, reportError
// returns at once and no reporting code is ever loaded. A report never throws and never waits: one
// that cannot be sent is logged as a warning.
// No "server-only": server.ts and the scripts report too.
import { observabilitySettings } from "../settings/observability";
import type { ErrorReport, ErrorReporter } from "./errors-sentry";
import { currentTraceIds, logger } from "./log";
import { currentLogContext } from "./request-context";

const log = logger("errors");

let loaded: { dsn: string; reporter: Promise<ErrorReporter> } | undefined;

function reporter(): Promise<ErrorReporter> | null {
  const { sentryDsn, environmentName } = observabilitySettings();
  if (!sentryDsn) return null;
  if (loaded?.dsn !== sentryDsn) {
    const dsn = sentryDsn;
    loaded = { dsn, reporter: import("./errors-sentry").then(({ sentryReporter }) => sentryReporter(dsn, environmentName)) };
  }
  return loaded.reporter;
}

/**
 * Reports `error`, with the request or job the calling code runs for (or those `report` names).
 * `where` says which part failed: "GET /api/…", "worker", "storage:cleanup".
 */
export function reportError(error: unknown, report: ErrorReport): void {
  const pending = reporter();
  if (!pending) return;
  const context = currentLogContext();
  const full: ErrorReport = {
    ...(context?.requestId ? { requestId: context.requestId } : {}),
    ...(context?.operationId ? { operationId: context.operationId } : {}),
    ...(currentTraceIds() ? { traceId: currentTraceIds()!.traceId } : {}),
    ...report,
  };
  void pending.then((loadedReporter) => loadedReporter.report(error, full)).catch((problem: unknown) => log.warn({ err: problem }, "error report not sent"));
}

/** Waits up to `timeoutMs` for reports on their way: a script or worker calls it before it exits. */
export async function flushErrorReports(timeoutMs = 2_000): Promise<void> {
  if (!loaded) return;
  const current = await loaded.reporter.catch(() => null);
  await current?.flush(timeoutMs);
}

/**
 * For a worker's or a script's entry point: an error nothing caught is logged, reported and given two
 * seconds to be sent before the process exits, as Node would have made it.
 */
export function exitOnUncaughtErrors(where: string): void {
  process.once("uncaughtException", (error) => {
    log.fatal({ err: error }, "uncaught error; the process exits");
    reportError(error, { where });
    void flushErrorReports().finally(() => process.exit(1));
  });
}

/**
 * For the web server: Next keeps its process alive through an error nothing caught (it only prints
 * it), so this only logs and reports one, without changing what happens next.
 */
export function reportUncaughtErrors(where: string): void {
  process.on("uncaughtExceptionMonitor", (error) => {
    log.error({ err: error }, "uncaught error");
    reportError(error, { where });
  });
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "unhandled rejection");
    reportError(reason, { where });
  });
}

/** For an entry point's own failure (start-up refused, a script's run failed): logged, reported, sent, then exit 1. */
export async function exitAfterFailure(error: unknown, where: string, message = "failed; the process exits"): Promise<never> {
  log.fatal({ err: error }, message);
  reportError(error, { where });
  await flushErrorReports();
  process.exit(1);
}
