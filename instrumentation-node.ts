// The start-up checks of a Node.js server (instrumentation.ts loads this file only there): a missing
// or invalid setting (APP_URL in production, a short AUTH_SECRET, no trustworthy source of client
// addresses under a plain `next start`) stops the process with the variable's name, before any request.
export async function checkStartup(): Promise<void> {
  try {
    const { env } = await import("./lib/env");
    env();
    const { assertClientIpSource } = await import("./lib/http/client-ip-source");
    assertClientIpSource();
  } catch (error) {
    // `next start` only logs a failed register() and then answers every request with a 500: exit
    // instead, with one message that names the setting.
    console.error(`Pictura cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const SWEEP_INTERVAL_MS = 30_000;

/**
 * With JOBS_INLINE there may be no worker, whose sweeper would settle an operation this process left
 * unfinished (it was killed mid-job): a long-running server sweeps on its own. On a platform whose
 * functions sleep between requests, the cleanup cron (/api/cron/cleanup) sweeps as well.
 */
export async function sweepWhenJobsRunInline(): Promise<void> {
  const { env } = await import("./lib/env");
  if (!env().JOBS_INLINE) return;
  const { sweepStuckOperations } = await import("./lib/jobs/sweeper");
  const sweep = () => void sweepStuckOperations().catch((error: unknown) => console.error("[jobs] sweep failed", error));
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  sweep();
}
