// Runs once when the server starts, before it answers anything (see instrumentation-node.ts), and
// hears of every error Next catches in a page, a route, a server action or the proxy.
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartup, startWebTracing, sweepWhenJobsRunInline } = await import("./instrumentation-node");
  if (!(await checkStartup())) return;
  await startWebTracing();
  await sweepWhenJobsRunInline();
}

/** Logs the error with its request's id and reports it (when SENTRY_DSN is set): see instrumentation-node.ts. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { reportRequestError } = await import("./instrumentation-node");
  reportRequestError(error, request, context);
};
