// npm run lint:alerts (part of `npm run lint`, and run by .ci/run): checks the Prometheus files in
// deploy/prometheus with promtool — the scrape configuration, the alert rules, and the alerts' tests,
// in which each alert must fire from made-up series. promtool comes with Debian's and Ubuntu's
// `prometheus` package (or Prometheus's release archive); without it this says so and checks nothing,
// except in CI, where that is a failure.
import { spawnSync } from "node:child_process";

const CHECKS = [
  ["check", "config", "deploy/prometheus/prometheus.yml"],
  ["test", "rules", "deploy/prometheus/alerts.test.yml"],
];

function main(): number {
  const found = spawnSync("promtool", ["--version"], { stdio: "ignore" });
  if (found.error) {
    const message = "promtool is not installed (apt-get install prometheus): the alert rules were not checked";
    if (process.env.CI) {
      console.error(`✖ ${message}`);
      return 1;
    }
    console.warn(`! ${message}`);
    return 0;
  }
  // check config also checks the rule files it names (alerts.yml).
  for (const args of CHECKS) {
    const result = spawnSync("promtool", args, { stdio: "inherit" });
    if (result.status !== 0) return 1;
  }
  return 0;
}

process.exit(main());
