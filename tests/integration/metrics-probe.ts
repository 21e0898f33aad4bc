// Run by metrics-off.test.ts in a Node process of its own (a fresh module cache): starts metrics as
// server.ts and scripts/worker.ts do (the web server's, a worker supervisor's and a worker process's),
// times a request and records one of every figure, then tells its parent whether prom-client was
// loaded, how many servers listen and whether figures are recorded.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import * as metrics from "../../lib/observability/metrics";
import { startWebMetrics } from "../../lib/observability/metrics-web";
import { recordWorkerProcessMetrics, serveSupervisorMetrics } from "../../lib/observability/metrics-workers";

export interface ProbeReport {
  promClientLoaded: boolean;
  listening: number;
  recording: boolean;
}

async function probe(): Promise<ProbeReport> {
  const databaseUrl = process.env.DATABASE_URL!;
  const web = await startWebMetrics({ publicPort: 3000, distDir: path.join(__dirname, "..", "fixtures", "next-build"), databaseUrl });
  const supervisor = await serveSupervisorMetrics({ databaseUrl, children: () => [] });
  await recordWorkerProcessMetrics();
  // A request through the measured handler, on a server of the probe's own that is closed before counting.
  const site = createServer(web.measure((_request, response) => response.end("ok")));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}/en/editor`)).text();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  // Node lets go of a closed server's handle a moment after its close callback.
  await new Promise((resolve) => setTimeout(resolve, 50));
  metrics.recordJobEnded({ kind: "generate", provider: "flux", outcome: "failed", reason: "moderated", waitSeconds: 1, runSeconds: 2 });
  metrics.recordJobRetried("generate");
  metrics.recordJobDeadLettered();
  metrics.recordCredits("spent", 2);
  metrics.recordProviderCall("Flux", "ok", 1);
  metrics.recordWebhookDelivery("delivered");
  metrics.recordStripeEvent("pack_paid", "applied");
  metrics.recordMailSend("sent");
  const report: ProbeReport = {
    promClientLoaded: Object.keys(require.cache).some((file) => file.includes(`${path.sep}prom-client${path.sep}`)),
    listening: process.getActiveResourcesInfo().filter((resource) => resource === "TCPServerWrap").length,
    recording: metrics.metricsRecording(),
  };
  await web.close();
  await supervisor?.close();
  return report;
}

probe().then(
  (report) => process.send!(report, () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
