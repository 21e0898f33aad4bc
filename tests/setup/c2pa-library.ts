// @trustnxt/c2pa-ts (and the reference reader @contentauth/c2pa-wasm) in Jest: their ES modules cannot
// run through Jest's CommonJS module system, so jest.config.mjs maps lib/provenance/c2pa-library.ts
// here, and this loads the real packages with Node's own loader (as tests/setup/pg-boss-dashboard.ts does).
import vm from "node:vm";
import type { C2paLibrary } from "@/lib/provenance/c2pa-library";

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
