// The container image's runtime stage rebuilt in a folder, without Docker: exactly the paths its COPY
// lines take, each from where that line takes it.
// - The install stage (`npm ci`) is this checkout's own install, made by the same command from the
//   same lockfile: the files its COPY lines take from the context, and the node_modules and generated
//   client its install writes.
// - The build stage is this checkout as the build context holds it (less what .dockerignore leaves
//   out), plus what that stage makes itself: the dependencies and generated client it copies in and
//   the production build in .next, here the one the browser tests already built (`next build` is the
//   step this does not repeat), less what its RUN removes (`rm -rf .next/cache`).
// - Any other stage (runtime-deps, which prunes the install to the production dependencies) is
//   replayed in a folder of its own: its base stage's files, then its COPY lines from the build
//   context and its RUN commands. A base's files are hard links where the file system allows, except
//   npm's own files at the top of node_modules, which a RUN may rewrite in place.
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, statSync, symlinkSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { copiesOf, dockerfileStages, dockerignored, runsIn, type Stage } from "../unit/dockerfile-stages";
import { scriptEnvironment } from "./npm-process";

const ROOT = path.join(__dirname, "..", "..");
const APP = "/app";

interface StageFiles {
  /** Where the stage's /app lies on this machine. */
  dir: string;
  /** Whether a path under it ("lib/generated/x.ts", relative to /app) is absent from the stage. */
  absent: (file: string) => boolean;
  /** A folder of our own, whose contents may be moved rather than copied. */
  disposable: boolean;
}

export interface RuntimeFileSet {
  /** The runtime stage's paths as COPY wrote them, e.g. ["node_modules", "package.json", "lib", …]. */
  paths: string[];
  /** Seconds each replayed stage took, e.g. { "runtime-deps": 41 }. */
  replaySeconds: Record<string, number>;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** What `docker build .` sends: this checkout less what .dockerignore leaves out. */
function buildContext(): StageFiles {
  const dockerignore = read(".dockerignore");
  return { dir: ROOT, absent: (file) => dockerignored(file, dockerignore), disposable: false };
}

function buildStage(stage: Stage): StageFiles {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("No production build in .next: `npm run build` first (scripts/e2e-server.ts does).");
  const context = buildContext();
  // What the stage writes itself rather than takes from the context: its COPY --from lines and .next.
  const made = [
    ...copiesOf(stage)
      .filter((copy) => copy.from)
      .map((copy) => path.posix.normalize(copy.destination)),
    ".next",
  ];
  const removed = [...runsIn(stage).matchAll(/rm -rf ([^&;|\n]+)/g)].flatMap((match) => match[1]!.trim().split(/\s+/));
  return {
    dir: ROOT,
    absent: (file) => under(file, removed) || (context.absent(file) && !under(file, made)),
    disposable: false,
  };
}

const under = (file: string, folders: string[]) => folders.some((folder) => file === folder || file.startsWith(`${folder}/`));

/** The install stage: what its COPY lines take from the context, and what its `npm ci` writes. */
function installStage(stage: Stage): StageFiles {
  const kept = [...copiesOf(stage).flatMap((copy) => copy.sources.map((source) => path.posix.normalize(source))), "node_modules", "lib/generated"];
  // A folder is there when anything kept lies in it ("prisma" for "prisma/schema.prisma").
  return { dir: ROOT, absent: (file) => !under(file, kept) && !kept.some((held) => held.startsWith(`${file}/`)), disposable: false };
}

/** Puts every file of `from` into `into`: hard links where possible, copies where not or where `copied` says so. */
function linkTree(from: StageFiles, relative: string, into: string, copied: (file: string) => boolean): void {
  for (const entry of readdirSync(path.join(from.dir, relative), { withFileTypes: true })) {
    const file = relative ? `${relative}/${entry.name}` : entry.name;
    if (from.absent(file)) continue;
    const origin = path.join(from.dir, file);
    const target = path.join(into, file);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      linkTree(from, file, into, copied);
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(origin), target);
    } else if (copied(file)) {
      copyFileSync(origin, target);
    } else {
      try {
        linkSync(origin, target);
      } catch {
        copyFileSync(origin, target);
      }
    }
  }
}

/** Runs a stage on a copy of its base stage's files: its COPY lines (from the build context) and RUN commands. */
async function replayStage(stage: Stage, base: StageFiles | null, scratch: string): Promise<StageFiles> {
  const dir = await mkdtemp(path.join(scratch, `${stage.name}-`));
  // Only the packages' own files are linked: npm rewrites its files at the top of node_modules
  // (.package-lock.json) in place, and a linked file would carry the change into the base.
  if (base) linkTree(base, "", dir, (file) => !/^node_modules\/[^.]/.test(file));
  for (const instruction of stage.instructions) {
    if (instruction.keyword === "WORKDIR" && instruction.args === APP) continue;
    if (instruction.keyword === "COPY" && !instruction.args.includes("--from=")) {
      for (const copy of copiesOf({ ...stage, instructions: [instruction] })) copyInto(copy.sources, copy.destination, buildContext(), dir);
    } else if (instruction.keyword === "RUN") {
      await promisify(execFile)("sh", ["-c", instruction.args], { cwd: dir, env: scriptEnvironment({}), timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024 });
    } else {
      throw new Error(`Cannot replay stage ${stage.name} without Docker: ${instruction.keyword} ${instruction.args}`);
    }
  }
  return { dir, absent: () => false, disposable: true };
}

/** Docker's COPY: a file goes to the destination (into it when it ends with "/"), a folder's contents into it. */
function copyInto(sources: string[], destination: string, from: StageFiles, into: string): string[] {
  return sources.map((source) => {
    const relative = path.posix.isAbsolute(source) ? path.posix.relative(APP, source) : path.posix.normalize(source);
    const origin = path.join(from.dir, relative);
    if (!existsSync(origin) || from.absent(relative)) throw new Error(`COPY ${source}: not in the stage it is copied from`);
    const isFolder = statSync(origin).isDirectory();
    const target = path.join(into, !isFolder && destination.endsWith("/") ? path.join(destination, path.basename(relative)) : destination);
    if (isFolder && from.disposable && !existsSync(target)) {
      renameSync(origin, target);
    } else {
      cpSync(origin, target, {
        recursive: true,
        verbatimSymlinks: true,
        filter: (file) => !from.absent(path.relative(from.dir, file).split(path.sep).join("/")),
      });
    }
    return path.relative(into, target).split(path.sep).join("/");
  });
}

/** Writes the runtime stage's files into `into` (an empty folder); `scratch` holds the replayed stages. */
export async function buildRuntimeFileSet(into: string, scratch: string): Promise<RuntimeFileSet> {
  const { stages } = dockerfileStages(read("Dockerfile"));
  const runtime = stages.at(-1)!;
  const sources = new Map<string, StageFiles>();
  const replaySeconds: Record<string, number> = {};
  const paths: string[] = [];
  /** A stage's files: the checkout's install or build, or the stage replayed on its base. */
  const stageFiles = async (stage: Stage): Promise<StageFiles> => {
    const known = sources.get(stage.name);
    if (known) return known;
    let files: StageFiles;
    if (/\bnpm run build\b/.test(runsIn(stage))) files = buildStage(stage);
    else if (/^npm ci\b/m.test(runsIn(stage))) files = installStage(stage);
    else {
      const started = Date.now();
      const base = stages.find((candidate) => candidate.name === stage.base);
      files = await replayStage(stage, base ? await stageFiles(base) : null, scratch);
      replaySeconds[stage.name] = Math.round((Date.now() - started) / 1000);
    }
    sources.set(stage.name, files);
    return files;
  };
  for (const copy of copiesOf(runtime)) {
    let from = buildContext();
    if (copy.from) {
      const stage = stages.find((candidate) => candidate.name === copy.from);
      if (!stage) throw new Error(`COPY --from=${copy.from}: no such stage`);
      from = await stageFiles(stage);
    }
    await mkdir(into, { recursive: true });
    paths.push(...copyInto(copy.sources, copy.destination, from, into));
  }
  return { paths, replaySeconds };
}

/** Files under `prefix` that any process running in `cwd` has mapped (its native addons, for one). */
export function filesMappedUnder(prefix: string, cwd: string): string[] {
  const found = new Set<string>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readlinkSync(`/proc/${pid}/cwd`) !== cwd) continue;
      for (const line of readFileSync(`/proc/${pid}/maps`, "utf8").split("\n")) {
        const file = line.split(/\s+/).slice(5).join(" ");
        if (file.startsWith(`${prefix}/`)) found.add(file);
      }
    } catch {
      // The process ended while it was read, or belongs to someone else.
    }
  }
  return [...found];
}
