// A "use client" module must not reach a server-only module (one that imports "server-only"),
// directly or through other modules: it would put server code, and its secrets, in the browser
// bundle, or fail the build. Type-only imports are erased, so they are allowed.
import path from "node:path";
import { chainTo, rememberSource, resolve, ROOT, source } from "./module-files.mjs";

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;
const SERVER_ONLY = /^\s*import\s+["']server-only["']/m;

// Packages are checked by their own "server-only" markers at build time: resolve() skips them.
function importsOf(file) {
  const found = [];
  for (const match of source(file).matchAll(IMPORT)) {
    const resolved = resolve(match[1], file);
    if (resolved) found.push(resolved);
  }
  return found;
}

/** The chain of files from `start` to the first server-only module it reaches, or null. */
function pathToServerOnly(start) {
  return chainTo(start, importsOf, (next) => SERVER_ONLY.test(source(next)));
}

const noServerOnlyInClient = {
  meta: {
    type: "problem",
    docs: { description: 'Forbid "use client" modules from reaching modules that import "server-only"' },
    schema: [],
    messages: { reaches: "This client module reaches the server-only module {{target}} through {{chain}}." },
  },
  create(context) {
    const file = context.filename;
    return {
      Program(node) {
        const first = node.body[0];
        const isClient = first?.type === "ExpressionStatement" && first.directive === "use client";
        if (!isClient) return;
        // The text being linted, which may not be on disk yet (an editor's buffer, --stdin).
        rememberSource(file, context.sourceCode.text);
        const chain = pathToServerOnly(file);
        if (!chain) return;
        const relative = chain.map((item) => path.relative(ROOT, item));
        context.report({ node: first, messageId: "reaches", data: { target: relative.at(-1), chain: relative.join(" → ") } });
      },
    };
  },
};

export default noServerOnlyInClient;
