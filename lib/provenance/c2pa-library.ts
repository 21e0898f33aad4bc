// The C2PA libraries, which ship only ES modules, loaded on first use so a process that signs or reads
// nothing never loads them: the manifest writer (@trustnxt/c2pa-ts) and the reference reader
// (@contentauth/c2pa-wasm, c2pa-rs as WebAssembly) that /api/verify reads uploads with. Jest maps this
// module to tests/setup/c2pa-library.ts, which loads the same packages with Node's own loader.
import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

export async function loadC2paLibrary() {
  const [asset, cose, jumbf, manifest] = await Promise.all([
    import("@trustnxt/c2pa-ts/asset"),
    import("@trustnxt/c2pa-ts/cose"),
    import("@trustnxt/c2pa-ts/jumbf"),
    import("@trustnxt/c2pa-ts/manifest"),
  ]);
  return { asset, cose, jumbf, manifest };
}

export type C2paLibrary = Awaited<ReturnType<typeof loadC2paLibrary>>;

/**
 * Where the reader's WebAssembly lies: in the install's node_modules, where `next start`, the
 * standalone output and Vercel's function all have it (next.config.ts traces it into /api/verify).
 */
export const C2PA_READER_WASM = path.join("node_modules", "@contentauth", "c2pa-wasm", "pkg", "c2pa_bg.wasm");

let reader: Promise<C2paReaderModule> | undefined;

/** The reference reader, compiled once per process (about 9 MB of WebAssembly). */
export function loadC2paReader(): Promise<C2paReaderModule> {
  reader ??= Promise.all([import("@contentauth/c2pa-wasm"), readFile(path.join(process.cwd(), C2PA_READER_WASM))])
    .then(([module, wasm]) => {
      module.initSync({ module: wasm });
      return module;
    })
    .catch((error: unknown) => {
      reader = undefined;
      throw error;
    });
  return reader;
}

export type C2paReaderModule = typeof import("@contentauth/c2pa-wasm");
