// @trustnxt/c2pa-ts (and the reference reader @contentauth/c2pa-wasm) in Jest: their ES modules cannot
// run through Jest's CommonJS module system, so jest.config.mjs maps lib/provenance/c2pa-library.ts
// here, and this loads the real packages with Node's own loader (as tests/setup/pg-boss-dashboard.ts does).
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import type { C2paLibrary, C2paReaderModule } from "@/lib/provenance/c2pa-library";

// The same place as lib/provenance/c2pa-library.ts (whose module Jest replaces with this one).
const C2PA_READER_WASM = path.join("node_modules", "@contentauth", "c2pa-wasm", "pkg", "c2pa_bg.wasm");

export const nativeImport = new vm.Script("(specifier) => import(specifier)", {
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
}).runInThisContext() as <T>(specifier: string) => Promise<T>;

let loaded: Promise<C2paLibrary> | undefined;

export function loadC2paLibrary(): Promise<C2paLibrary> {
  loaded ??= Promise.all([
    nativeImport<C2paLibrary["asset"]>("@trustnxt/c2pa-ts/asset"),
    nativeImport<C2paLibrary["cose"]>("@trustnxt/c2pa-ts/cose"),
    nativeImport<C2paLibrary["jumbf"]>("@trustnxt/c2pa-ts/jumbf"),
    nativeImport<C2paLibrary["manifest"]>("@trustnxt/c2pa-ts/manifest"),
  ]).then(([asset, cose, jumbf, manifest]) => ({ asset, cose, jumbf, manifest }));
  return loaded;
}

// Called in Node's own context: the reader checks its argument's prototype, and an object made in a
// test file's context has another Object.prototype.
const initializeReader = new vm.Script("(module, bytes) => module.initSync({ module: bytes })").runInThisContext() as (
  module: C2paReaderModule,
  bytes: Buffer,
) => void;

let reader: Promise<C2paReaderModule> | undefined;

export function loadC2paReader(): Promise<C2paReaderModule> {
  reader ??= nativeImport<C2paReaderModule>("@contentauth/c2pa-wasm").then((module) => {
    initializeReader(module, readFileSync(path.join(process.cwd(), C2PA_READER_WASM)));
    return module;
  });
  return reader;
}
