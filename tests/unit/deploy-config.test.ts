/**
 * @jest-environment node
 */
// The platform files, read the way the platforms read them: vercel.json (function durations and the
// cleanup cron) and render.yaml (web service, workers, housekeeping and PostgreSQL). Every route,
// script, service and variable they name must exist, so a rename cannot leave a deploy half-wired.
import path from "node:path";
import { parse } from "yaml";
import { env } from "@/lib/env";
import { knownEnvironmentNames, npmScriptOf, npmScriptsIn, read, routeFileFor, routeFiles, scripts } from "./deploy-facts";

/** Vercel's own limit for a function's duration with its default settings (fluid compute). */
const VERCEL_DEFAULT_MAX_DURATION = 300;

/** Route modules that start an image operation or follow one to its end: they wait up to the operation's deadline. */
const IMAGE_SERVICES = /from "@\/lib\/(?:imaging\/(?:calls|upscale-call|fill-tool-calls|segment|repeat)|jobs\/event-stream)"/;

describe("vercel.json", () => {
  const config = JSON.parse(read("vercel.json")) as Record<string, unknown>;
  const functions = config.functions as Record<string, Record<string, unknown>>;
  const crons = config.crons as Record<string, unknown>[];
  const routes = routeFiles();

  it("has only function durations and crons, in the shapes Vercel accepts", () => {
    expect(Object.keys(config).sort()).toEqual(["$schema", "crons", "functions"]);
    for (const settings of Object.values(functions)) {
      expect(Object.keys(settings)).toEqual(["maxDuration"]);
      expect(Number.isInteger(settings.maxDuration)).toBe(true);
    }
    for (const cron of crons) {
      expect(Object.keys(cron).sort()).toEqual(["path", "schedule"]);
      expect(String(cron.schedule).split(" ")).toHaveLength(5);
    }
  });

  it("names only real route files in its function globs", () => {
    for (const glob of Object.keys(functions)) expect([glob, routes.some((route) => path.matchesGlob(route, glob))]).toEqual([glob, true]);
  });

  it("gives every image route longer than an operation may take, within Vercel's default limit", () => {
    // Unset here, so the default: from the charge to the result, then the operation is failed and refunded.
    const operationSeconds = env().IMAGE_OPERATION_TIMEOUT_MS / 1000;
    expect(operationSeconds).toBe(180);
    const imageRoutes = routes.filter((route) => IMAGE_SERVICES.test(read(route)));
    expect(imageRoutes).toEqual(expect.arrayContaining(["app/api/flux/edit/route.ts", "app/api/upscale/route.ts", "app/api/segment/route.ts"]));
    for (const route of imageRoutes) {
      const durations = Object.entries(functions)
        .filter(([glob]) => path.matchesGlob(route, glob))
        .map(([, settings]) => settings.maxDuration as number);
      expect([route, durations.length]).toEqual([route, 1]);
      // Room to read the upload before the clock starts and to refund after it stops.
      expect(durations[0]).toBeGreaterThanOrEqual(operationSeconds + 30);
      expect(durations[0]).toBeLessThanOrEqual(VERCEL_DEFAULT_MAX_DURATION);
    }
  });

  it("calls the cleanup route daily, with the GET that Vercel Cron sends", () => {
    // Once a day at a fixed time: the most often every Vercel plan allows.
    expect(crons.find((cron) => cron.path === "/api/cron/cleanup")?.schedule).toMatch(/^\d+ \d+ \* \* \*$/);
    for (const cron of crons) {
      const file = routeFileFor(String(cron.path));
      expect([cron.path, file]).toEqual([cron.path, expect.any(String)]);
      expect(read(file!)).toMatch(/export (?:const|async function) GET\b/);
    }
  });
});

interface RenderEnvVar {
  key?: string;
  value?: string;
  generateValue?: boolean;
  sync?: boolean;
  fromDatabase?: { name: string; property: string };
  fromService?: { type: string; name: string; envVarKey?: string; property?: string };
  fromGroup?: string;
}

interface RenderService {
  type: string;
  name: string;
  runtime: string;
  buildCommand?: string;
  preDeployCommand?: string;
  startCommand: string;
  healthCheckPath?: string;
  schedule?: string;
  envVars?: RenderEnvVar[];
}

describe("render.yaml", () => {
  const blueprint = parse(read("render.yaml")) as {
    services: RenderService[];
    databases: { name: string; postgresMajorVersion?: string }[];
    envVarGroups: { name: string; envVars: RenderEnvVar[] }[];
  };
  const { services, databases, envVarGroups } = blueprint;
  const service = (type: string) => services.find((candidate) => candidate.type === type)!;
  /** A service's variables, its groups' included. */
  const variablesOf = (candidate: RenderService): RenderEnvVar[] =>
    (candidate.envVars ?? []).flatMap((variable) =>
      variable.fromGroup ? (envVarGroups.find((group) => group.name === variable.fromGroup)?.envVars ?? []) : [variable],
    );

  it("declares a web service, a background worker and a PostgreSQL database, built and started with npm scripts", () => {
    expect(services.map((candidate) => candidate.type)).toEqual(expect.arrayContaining(["web", "worker"]));
    expect(databases).toHaveLength(1);
    expect(databases[0]!.postgresMajorVersion).toBe("17");
    expect(service("web").startCommand).toBe("npm start");
    expect(service("worker").startCommand).toBe("npm run worker");
    expect(service("web").preDeployCommand).toBe("npm run db:migrate");
    for (const candidate of services) {
      expect(candidate.runtime).toBe("node");
      const start = npmScriptOf(candidate.startCommand);
      expect([candidate.name, start && scripts[start] !== undefined]).toEqual([candidate.name, true]);
      for (const command of [candidate.buildCommand ?? "", candidate.preDeployCommand ?? ""]) {
        for (const script of npmScriptsIn(command)) expect([candidate.name, script, scripts[script] !== undefined]).toEqual([candidate.name, script, true]);
      }
      // NODE_ENV=production holds during the build too; the build's tools are dev dependencies.
      expect(candidate.buildCommand).toMatch(/^npm ci --include=dev\b/);
    }
    expect(service("web").buildCommand).toMatch(/&& npm run build$/);
  });

  it("checks the web service's health on the process health route", () => {
    expect(service("web").healthCheckPath).toBe("/api/health");
    expect(routeFileFor("/api/health")).not.toBeNull();
  });

  it("wires the database, a generated AUTH_SECRET and the site address into every service, naming only real variables", () => {
    const known = knownEnvironmentNames();
    for (const candidate of services) {
      const variables = variablesOf(candidate);
      const byKey = new Map(variables.map((variable) => [variable.key!, variable]));
      expect(byKey.get("DATABASE_URL")?.fromDatabase).toEqual({ name: databases[0]!.name, property: "connectionString" });
      expect(byKey.get("AUTH_SECRET")?.generateValue).toBe(true);
      expect(byKey.has("APP_URL")).toBe(true);
      expect([candidate.name, [...byKey.keys()].filter((key) => !known.has(key))]).toEqual([candidate.name, []]);
    }
    // One secret for all: the group generates it once.
    expect(envVarGroups.flatMap((group) => group.envVars).filter((variable) => variable.key === "AUTH_SECRET")).toHaveLength(1);
  });

  it("refers only to services, variables and groups that exist", () => {
    for (const candidate of services) {
      for (const variable of candidate.envVars ?? []) {
        if (variable.fromGroup) expect(envVarGroups.map((group) => group.name)).toContain(variable.fromGroup);
        if (!variable.fromService) continue;
        const { type, name, envVarKey } = variable.fromService;
        const source = services.find((other) => other.name === name && other.type === type);
        expect([variable.key, source?.name]).toEqual([variable.key, name]);
        expect(variablesOf(source!).some((other) => other.key === envVarKey)).toBe(true);
      }
    }
  });
});
