// Runs once when the server starts, before it answers anything: see instrumentation-node.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartup, sweepWhenJobsRunInline } = await import("./instrumentation-node");
  if (await checkStartup()) await sweepWhenJobsRunInline();
}
