// The local image engine (OpenCV, onnxruntime, TensorFlow.js, the imgly and SAM models, UpscalerJS)
// runs in workers only. Its packages are imported in lib/imaging/local and nowhere else, and no
// module under app/ reaches lib/imaging/local or the rest of the engine (lib/imaging/engine: the
// operations and the AI providers' clients), directly or through other modules: whatever a route
// reaches is traced into its function bundle, and the engine would push it past a platform's size
// limit (250 MB on Vercel). Dynamic imports with a literal specifier are followed too, because the
// bundler traces them the same way. Type-only imports are erased, so they are allowed.
// lib/imaging/engine-packages.json names the packages; the browser tests check the build's traces against it.
// It also names the modules that load the engine on demand (the web process running jobs itself
// under JOBS_INLINE): their dynamic imports are not followed, their static ones are. The bundler
// still bundles what they load into the routes that reach them, so inside lib/imaging/local too an
// engine package is never named where the bundler sees it (an import, or require() of a literal):
// the engine loads it from the install with requireInstalled() (lib/imaging/local/installed-package.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { chainTo, rememberSource, resolve, ROOT, source } from "./module-files.mjs";

const LOCAL_ENGINE = path.join(ROOT, "lib", "imaging", "local") + path.sep;
// The engine's other half: the job runner's operations and the AI providers' clients. The web tier
// knows providers by their profiles alone, so a route's bundle carries no client either.
const ENGINE_SIDE = path.join(ROOT, "lib", "imaging", "engine") + path.sep;
// The tools' engine functions, by operation kind (the registry's engine part).
const TOOL_ENGINES = path.join(ROOT, "lib", "tools", "registry.engine.ts");
const enginePackages = JSON.parse(readFileSync(new URL("../lib/imaging/engine-packages.json", import.meta.url), "utf8"));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const ENGINE_PACKAGE = new RegExp(
  `^(?:${[...enginePackages.packages.map(escape), ...enginePackages.scopes.map((scope) => `${escape(scope)}/[^/]+`)].join("|")})(?:/|$)`,
);
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/gm;
const ON_DEMAND_LOADERS = new Set((enginePackages.loadedOnDemandBy ?? []).map((file) => path.join(ROOT, file)));

const specifiers = new Map();

function specifiersOf(file) {
  if (!specifiers.has(file)) {
    // match[2] is a dynamic import() or require(): not followed out of an on-demand loader.
    const found = [...source(file).matchAll(IMPORT)].filter((match) => !(match[2] && ON_DEMAND_LOADERS.has(file))).map((match) => match[1] ?? match[2]);
    specifiers.set(file, found);
  }
  return specifiers.get(file);
}

const isEngineModule = (file) => file.startsWith(LOCAL_ENGINE) || file.startsWith(ENGINE_SIDE) || file === TOOL_ENGINES;

const chains = new Map();

/** The chain of files from `start` (a module on disk) to the first engine module or package it reaches, or null. */
function pathToEngine(start) {
  if (!chains.has(start)) chains.set(start, searchEngine(start));
  return chains.get(start);
}

function searchEngine(start) {
  if (isEngineModule(start)) return [start];
  // An engine package ends the chain by its name; a project specifier leads to its file.
  const edges = (file) =>
    specifiersOf(file).flatMap((specifier) => {
      if (ENGINE_PACKAGE.test(specifier)) return [specifier];
      const next = resolve(specifier, file);
      return next ? [next] : [];
    });
  return chainTo(start, edges, (next) => ENGINE_PACKAGE.test(next) || isEngineModule(next));
}

const localEngineBoundary = {
  meta: {
    type: "problem",
    docs: { description: "Keep the local image engine's packages in lib/imaging/local, and the engine (lib/imaging/local, lib/imaging/engine) out of app/" },
    schema: [],
    messages: {
      enginePackage: "{{name}} belongs to the local engine: import it only in lib/imaging/local, which workers run.",
      engineLoadsInstalled:
        "Load {{name}} with requireInstalled(): the bundler traces a package named here into every route that may run jobs inline (JOBS_INLINE).",
      appImportsEngine: "app/ must not import the image engine ({{target}}): routes record the work and workers run it.",
      appReachesEngine: "This import reaches the image engine through {{chain}}, so the route's bundle would carry it.",
    },
  },
  create(context) {
    const file = context.filename;
    const inApp = path.relative(ROOT, file).split(path.sep)[0] === "app";
    const inEngine = isEngineModule(file);
    // The text being linted, which may not be on disk yet (an editor's buffer, --stdin); what was
    // found from an older text of it is forgotten.
    if (rememberSource(file, context.sourceCode.text)) {
      specifiers.delete(file);
      chains.clear();
    }

    const check = (node, specifier) => {
      if (typeof specifier !== "string") return;
      if (ENGINE_PACKAGE.test(specifier)) {
        context.report({ node, messageId: inEngine ? "engineLoadsInstalled" : "enginePackage", data: { name: specifier } });
        return;
      }
      if (!inApp) return;
      const target = resolve(specifier, file);
      if (!target) return;
      if (isEngineModule(target)) {
        context.report({ node, messageId: "appImportsEngine", data: { target: path.relative(ROOT, target) } });
        return;
      }
      const chain = pathToEngine(target);
      if (chain) {
        const shown = [file, ...chain].map((item) => (path.isAbsolute(item) ? path.relative(ROOT, item) : item));
        context.report({ node, messageId: "appReachesEngine", data: { chain: shown.join(" → ") } });
      }
    };

    const isTypeOnly = (node) => node.importKind === "type" || node.exportKind === "type";
    return {
      ImportDeclaration(node) {
        if (!isTypeOnly(node)) check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && !isTypeOnly(node)) check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (!isTypeOnly(node)) check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source.value);
      },
      CallExpression(node) {
        const [argument] = node.arguments;
        if (node.callee.type === "Identifier" && node.callee.name === "require" && argument?.type === "Literal") check(node, argument.value);
      },
    };
  },
};

export default localEngineBoundary;
