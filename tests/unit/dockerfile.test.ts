/**
 * @jest-environment node
 */
// The container image and the compose install, read as Docker reads them (no Docker runs here): the
// runtime stage's COPY lines are the list of what runs, so everything the web server, the workers and
// the migrations load must lie under one of them, and nothing the image needs may be left out of the
// build context or pruned with the dev dependencies.
import { builtinModules } from "node:module";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { dependencies, knownEnvironmentNames, npmScriptOf, read, ROOT, routeFileFor, scripts } from "./deploy-facts";
import { copiesOf, dockerfileStages, dockerignored, runsIn } from "./dockerfile-stages";

const { args, stages } = dockerfileStages(read("Dockerfile"));
const runtime = stages.at(-1)!;
const stageNamed = (name: string) => stages.find((stage) => stage.name === name)!;

/** The project paths the runtime stage holds, as they lie in the repository ("lib", "server.ts", ".next"…). */
const runtimePaths = copiesOf(runtime).flatMap((copy) => copy.sources.map((source) => path.posix.relative("/app", source)));
const BUILD_OUTPUTS = ["node_modules", ".next", "lib/generated"];
const inRuntime = (file: string) => runtimePaths.some((held) => file === held || file.startsWith(`${held}/`));

const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"];
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/gm;

function resolveModule(specifier: string, from: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function packageName(specifier: string): string | null {
  if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]!)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The project files and the packages that `entries` load, following static, `import()` and `require()` imports. */
function moduleGraph(entries: string[]): { files: string[]; packages: Set<string> } {
  const seen = new Set(entries.map((entry) => path.join(ROOT, entry)));
  const queue = [...seen];
  const packages = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (!/\.(?:ts|tsx|js|mjs|cjs)$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      const resolved = resolveModule(specifier, file);
      if (resolved) {
        if (!seen.has(resolved)) {
          seen.add(resolved);
          queue.push(resolved);
        }
      } else if (!specifier.startsWith(".") && !specifier.startsWith("@/")) {
        const name = packageName(specifier);
        if (name) packages.add(name);
      }
    }
  }
  return { files: [...seen].map((file) => path.relative(ROOT, file).split(path.sep).join("/")), packages };
}

describe("Dockerfile", () => {
  it("builds every stage on node:24-slim and bakes APP_URL in at build time", () => {
    expect(args.get("NODE_IMAGE")).toBe("node:24-slim");
    expect(stages.map((stage) => [stage.name, stage.base])).toEqual([
      ["deps", "${NODE_IMAGE}"],
      ["runtime-deps", "deps"],
      ["build", "${NODE_IMAGE}"],
      ["runtime", "${NODE_IMAGE}"],
    ]);
    const build = stageNamed("build");
    expect(build.instructions).toContainEqual({ keyword: "ARG", args: "APP_URL=http://localhost:3000" });
    expect(runsIn(build)).toMatch(/npm run build/);
  });

  it("installs with the project's .npmrc, generating the Prisma client, and runs without dev dependencies", () => {
    const deps = stageNamed("deps");
    expect(copiesOf(deps).flatMap((copy) => copy.sources)).toEqual(
      expect.arrayContaining([".npmrc", "package-lock.json", "prisma/schema.prisma", "scripts/prisma-generate.ts"]),
    );
    expect(scripts.postinstall).toBe("npm run db:generate");
    expect(runsIn(deps)).toMatch(/^npm ci\b/m);
    // The runtime's packages are the same install pruned, so they are the versions the build ran with.
    expect(runsIn(stageNamed("runtime-deps"))).toMatch(/^npm prune --omit=dev\b/m);
    // The generated client comes from the install that ran the postinstall script.
    expect(copiesOf(stageNamed("build"))).toContainEqual({ from: "deps", chown: null, sources: ["/app/lib/generated"], destination: "./lib/generated" });
    expect(copiesOf(runtime).find((copy) => copy.sources.includes("/app/node_modules"))?.from).toBe("runtime-deps");
  });

  it("keeps the repository's layout in the runtime stage", () => {
    for (const copy of copiesOf(runtime)) {
      if (copy.destination === "./") expect(copy.sources.every((source) => path.posix.dirname(source) === "/app")).toBe(true);
      else expect(copy.sources.map((source) => `./${path.posix.relative("/app", source)}`)).toEqual([copy.destination]);
    }
    for (const held of runtimePaths.filter((held) => !BUILD_OUTPUTS.includes(held))) expect(existsSync(path.join(ROOT, held))).toBe(true);
  });

  it("holds everything the web server, the workers and the migrations load, and every package they import is a dependency", () => {
    const roles = { start: "server.ts", worker: "scripts/worker.ts", "db:migrate": "scripts/migrate.ts" };
    for (const [script, entry] of Object.entries(roles)) expect(scripts[script]).toContain(entry);
    // tsx runs the TypeScript of all three, so it must survive the pruning of dev dependencies.
    expect(dependencies.tsx).toBeDefined();
    const { files, packages } = moduleGraph([...Object.values(roles), "next.config.ts"]);
    expect(files).toEqual(
      expect.arrayContaining(["lib/jobs/worker.ts", "lib/imaging/local/provider.ts", "lib/db/migrate.ts", "scripts/build/compile-hints.ts"]),
    );
    expect(files.filter((file) => !inRuntime(file))).toEqual([]);
    expect([...packages].filter((name) => !dependencies[name]).sort()).toEqual([]);
    // Read from disk at run time: Next's build, tsx's path aliases, npm's scripts, the migrations, mail texts.
    for (const needed of [".next", "tsconfig.json", "package.json", "prisma/migrations/", "messages/en.json", "lib/generated/prisma/client.ts"]) {
      expect([needed, inRuntime(needed.replace(/\/$/, ""))]).toEqual([needed, true]);
    }
  });

  it("runs as a non-root user, serves port 3000 with a health check through Node's fetch, and starts the web server by default", () => {
    const last = (keyword: string) => runtime.instructions.filter((instruction) => instruction.keyword === keyword).at(-1)?.args;
    expect(last("USER")).toBe("node");
    expect(last("EXPOSE")).toBe("3000");
    expect(last("HEALTHCHECK")).toMatch(/CMD \["node", "-e", ".*fetch\(.*\/api\/health/);
    expect(routeFileFor("/api/health")).not.toBeNull();
    expect(JSON.parse(last("CMD")!)).toEqual(["npm", "start"]);
    // Next writes its caches under .next; nothing else needs to be writable by the app.
    expect(copiesOf(runtime).find((copy) => copy.sources.includes("/app/.next"))?.chown).toBe("node:node");
  });

  it("leaves nothing the image copies out of the build context, and keeps installs, builds and secrets out", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    expect(ignored).toEqual(expect.arrayContaining([".git", "node_modules", ".next", "lib/generated", ".data", ".env", ".env.*"]));
    const contextFiles = [
      ...copiesOf(stageNamed("deps")).flatMap((copy) => copy.sources),
      ...runtimePaths.filter((held) => !BUILD_OUTPUTS.includes(held)),
      "scripts/worker.ts",
      "prisma/migrations",
    ];
    expect(contextFiles.filter((file) => dockerignored(file, read(".dockerignore")))).toEqual([]);
  });
});

interface ComposeService {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  deploy?: { replicas?: number };
}

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
  const { services } = compose;
  const apps = ["migrate", "web", "worker"].map((name) => [name, services[name]!] as const);

  it("runs PostgreSQL 17 with a health check and a named volume", () => {
    const postgres = services.postgres!;
    expect(postgres.image).toBe("postgres:17");
    expect(postgres.healthcheck?.test?.join(" ")).toMatch(/pg_isready/);
    const [volume] = postgres.volumes![0]!.split(":");
    expect(compose.volumes).toHaveProperty(volume!);
  });

  it("migrates once PostgreSQL is healthy, then starts the web server on port 3000 and two workers from the same image", () => {
    for (const [, service] of apps) expect([service.image, service.build?.context]).toEqual(["pictura", "."]);
    expect(services.migrate!.command).toEqual(["npm", "run", "db:migrate"]);
    expect(services.migrate!.depends_on?.postgres?.condition).toBe("service_healthy");
    expect(services.web!.command).toBeUndefined();
    expect(services.web!.ports).toContain("3000:3000");
    expect(services.worker!.command).toEqual(["npm", "run", "worker"]);
    expect(services.worker!.deploy?.replicas).toBe(2);
    for (const name of ["web", "worker"]) expect(services[name]!.depends_on?.migrate?.condition).toBe("service_completed_successfully");
    for (const [, service] of apps) {
      const script = service.command ? npmScriptOf(service.command.join(" ")) : "start";
      expect(scripts[script!]).toBeDefined();
    }
  });

  it("demands AUTH_SECRET, and gives every app variable a name lib/env.ts reads", () => {
    const known = knownEnvironmentNames();
    for (const [name, service] of apps) {
      const environment = service.environment ?? {};
      expect([name, environment.AUTH_SECRET]).toEqual([name, expect.stringMatching(/^\$\{AUTH_SECRET:\?.+\}$/)]);
      expect(environment.DATABASE_URL).toMatch(/^postgresql:\/\/.+@postgres:5432\//);
      expect(Object.keys(environment).filter((variable) => !known.has(variable))).toEqual([]);
    }
  });

  it("shares the stored files between web and workers on a volume, or switches both to MinIO under the minio profile", () => {
    for (const name of ["web", "worker"]) {
      const service = services[name]!;
      const directory = service.environment!.STORAGE_DIR!;
      expect(service.volumes?.some((volume) => volume.endsWith(`:${directory}`) && volume.split(":")[0]! in compose.volumes)).toBe(true);
      expect(Object.keys(service.environment!)).toEqual(
        expect.arrayContaining(["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"]),
      );
      expect(service.depends_on?.["minio-bucket"]).toEqual({ condition: "service_completed_successfully", required: false });
    }
    expect(services.minio!.profiles).toEqual(["minio"]);
    expect(services["minio-bucket"]!.profiles).toEqual(["minio"]);
    expect(services["minio-bucket"]!.image).toBe("minio/mc");
    expect(services["minio-bucket"]!.depends_on?.minio?.condition).toBe("service_healthy");
  });
});
