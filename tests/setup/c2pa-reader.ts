// The C2PA reference implementation (c2pa-rs, as @contentauth/c2pa-wasm) reading a file's Content
// Credentials the way a verifier does: its validation state (Invalid, Valid, Trusted), the failures
// it found and the active manifest. Loaded with Node's own loader (tests/setup/c2pa-library.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import type * as C2paWasm from "@contentauth/c2pa-wasm";
import { nativeImport } from "./c2pa-library";

// Called in Node's own context: the package checks its argument's prototype, and an object made in a
// test file's context has another Object.prototype.
const initialize = new vm.Script("(module, bytes) => module.initSync({ module: bytes })").runInThisContext() as (
  module: typeof C2paWasm,
  bytes: Buffer,
) => void;

let loaded: Promise<typeof C2paWasm> | undefined;

function reader(): Promise<typeof C2paWasm> {
  loaded ??= nativeImport<typeof C2paWasm>("@contentauth/c2pa-wasm").then((module) => {
    const wasm = readFileSync(path.join(process.cwd(), "node_modules/@contentauth/c2pa-wasm/pkg/c2pa_bg.wasm"));
    initialize(module, wasm);
    return module;
  });
  return loaded;
}

export interface C2paReading {
  validationState: "Invalid" | "Valid" | "Trusted";
  /** The codes of every failure the reader reported (e.g. signingCredential.untrusted, assertion.dataHash.mismatch). */
  failures: string[];
  activeManifest: {
    assertions: { label: string; data: Record<string, unknown> }[];
    ingredients?: { title?: string; relationship?: string; instance_id?: string; description?: string }[];
    signature_info?: { issuer?: string; common_name?: string; alg?: string };
  } | null;
}

/** How a verifier reads the file; with `trustAnchorPem`, trusting that root (and nothing else). */
export async function readContentCredentials(bytes: Buffer, mediaType: string, trustAnchorPem?: string): Promise<C2paReading> {
  const { WasmReader } = await reader();
  const settings = trustAnchorPem ? JSON.stringify({ trust: { trust_anchors: trustAnchorPem }, verify: { verify_trust: true } }) : null;
  const read = await WasmReader.fromBytes(mediaType, bytes, settings);
  const store = JSON.parse(read.json()) as {
    active_manifest?: string;
    manifests: Record<string, C2paReading["activeManifest"]>;
    validation_state: C2paReading["validationState"];
    validation_status?: { code: string }[];
    validation_results?: { activeManifest?: { failure?: { code: string }[] } };
  };
  const failures = [...(store.validation_status ?? []), ...(store.validation_results?.activeManifest?.failure ?? [])].map((entry) => entry.code);
  return {
    validationState: store.validation_state,
    failures: [...new Set(failures)],
    activeManifest: store.active_manifest ? (store.manifests[store.active_manifest] ?? null) : null,
  };
}

/** The reader's whole report: every manifest of the store, its validation results and state. */
export async function readStore(bytes: Buffer, mediaType: string, trustAnchorPem?: string): Promise<Record<string, unknown>> {
  const { WasmReader } = await reader();
  const settings = trustAnchorPem ? JSON.stringify({ trust: { trust_anchors: trustAnchorPem }, verify: { verify_trust: true } }) : null;
  return JSON.parse((await WasmReader.fromBytes(mediaType, bytes, settings)).json()) as Record<string, unknown>;
}
