/**
 * @jest-environment node
 */
// The operator's files agree with the metrics the code serves: the Grafana dashboard has a panel for
// every series, and the dashboard and the alert rules name only series and labels that exist, so a
// renamed metric or label cannot leave a panel empty or an alert silent; and they name no tool, so a new
// tool needs no edit there. (promtool checks and tests the rules themselves: npm run lint:alerts.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { Registry } from "prom-client";
import { parse } from "yaml";
import { addQueueGauges, addSigningCertificateGauge, createRecorder, processRegistry } from "@/lib/observability/metrics-registry";
import { callPathsOf } from "@/lib/tools/derive";
import { TOOLS } from "@/lib/tools/registry";

const read = (file: string) => readFileSync(path.join(process.cwd(), file), "utf8");

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

const dashboard = JSON.parse(read("deploy/grafana/pictura.json")) as { panels: Panel[] };
const panelExpressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
const alertExpressions = (parse(read("deploy/prometheus/alerts.yml")) as { groups: { rules: { expr: string }[] }[] }).groups.flatMap((group) =>
  group.rules.map((rule) => rule.expr),
);

function picturaMetrics() {
  const registry = new Registry();
  createRecorder(registry);
  addQueueGauges(registry, async () => null);
  addSigningCertificateGauge(registry, () => null);
  return registry.getMetricsAsArray() as unknown as { name: string; labelNames: string[] }[];
}

const pictura = () => picturaMetrics().map((metric) => metric.name);

const served = new Set([
  ...pictura(),
  ...processRegistry()
    .getMetricsAsArray()
    .map((metric) => metric.name),
]);

/** The series an expression reads, by metric name (a histogram's _bucket, _count and _sum are its own). */
function seriesIn(expression: string): string[] {
  return [...expression.matchAll(/\b((?:pictura|process|nodejs)_[a-z0-9_]+)/g)].map(([, name]) => name!.replace(/_(bucket|count|sum)$/, ""));
}

it("has a dashboard panel for every series Pictura serves", () => {
  const shown = new Set(panelExpressions.flatMap(seriesIn));
  expect(pictura().filter((name) => !shown.has(name))).toEqual([]);
  expect([...shown].filter((name) => name.startsWith("process_") || name.startsWith("nodejs_"))).not.toHaveLength(0);
});

it("names only series that are served, in the dashboard and in the alerts", () => {
  for (const expression of [...panelExpressions, ...alertExpressions]) {
    for (const name of seriesIn(expression)) expect([name, served.has(name)]).toEqual([name, true]);
  }
});

it("filters Pictura's series only on labels they have", () => {
  const labels = new Map(picturaMetrics().map((metric) => [metric.name, new Set([...metric.labelNames, "le"])]));
  const selectors = [...panelExpressions, ...alertExpressions].flatMap((expression) => [...expression.matchAll(/\b(pictura_[a-z0-9_]+)\s*\{([^}]*)\}/g)]);
  expect(selectors.map(([, name]) => name)).toContain("pictura_http_request_duration_seconds_bucket");
  for (const [, name, matchers] of selectors) {
    const known = labels.get(name!.replace(/_(bucket|count|sum)$/, ""))!;
    for (const [, label] of matchers!.matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)) expect([name, label, known.has(label!)]).toEqual([name, label, true]);
  }
});

/** How a rule or a panel would name a tool: its call's address (or first segment) in a path or a regex, its id as a label value. */
function toolMentions(): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const calls = callPathsOf().flatMap((call) => {
    const tail = call.slice("/api/".length);
    return [new RegExp(`[/(|]${escape(tail)}(?![\\w-])`), new RegExp(`[/(|]${escape(tail.split("/")[0]!)}/`)];
  });
  return [...calls, ...TOOLS.map((tool) => new RegExp(`"${escape(tool.id)}"`))];
}

it("names no tool's id or call address in the alerts, their tests or the dashboard", () => {
  const files = ["deploy/prometheus/alerts.yml", "deploy/prometheus/alerts.test.yml", "deploy/grafana/pictura.json"];
  for (const file of files) {
    const text = read(file);
    expect([file, toolMentions().flatMap((mention) => text.match(mention) ?? [])]).toEqual([file, []]);
  }
});

interface ComposeService {
  environment?: Record<string, string>;
  ports?: string[];
  profiles?: string[];
  volumes?: string[];
}

it("has compose.yaml's monitoring profile scrape web and workers on ports of their own that are never published", () => {
  const { services } = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, ComposeService> };
  const scrape = parse(read("deploy/prometheus/prometheus.yml")) as {
    scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
  };
  const target = (job: string) => scrape.scrape_configs.find((config) => config.job_name === job)!.dns_sd_configs[0]!;
  const port = (setting: string | undefined) => Number(/^\$\{\w+-(\d+)\}$/.exec(setting ?? "")?.[1]);

  expect(target("pictura-web")).toMatchObject({ names: ["web"], port: port(services.web!.environment!.METRICS_PORT) });
  expect(target("pictura-workers")).toMatchObject({ names: ["worker"], port: port(services.worker!.environment!.WORKER_METRICS_PORT) });
  for (const name of ["web", "worker"]) {
    expect(services[name]!.environment!.METRICS_HOST).toBe("0.0.0.0");
    expect((services[name]!.ports ?? []).filter((published) => /\b(9464|9465)\b/.test(published))).toEqual([]);
  }
  for (const name of ["prometheus", "grafana"]) {
    expect(services[name]!.profiles).toEqual(["monitoring"]);
    for (const published of services[name]!.ports!) expect(published).toMatch(/^127\.0\.0\.1:/);
  }
  expect(services.prometheus!.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^\.\/deploy\/prometheus\/alerts\.yml:/)]));
  expect(services.grafana!.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^\.\/deploy\/grafana\/pictura\.json:/)]));
});
