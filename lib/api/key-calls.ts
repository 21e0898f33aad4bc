// The calls an API key may make, in one table: the route wrapper accepts a key on these and refuses it
// on every other route (managing keys, the account, billing need a signed-in session). `spends` marks
// the POSTs that take an Idempotency-Key. Paths are written as in the OpenAPI document. The tools'
// calls are the tool registry's (lib/tools/registry.ts, `api`); the others follow them here.
import { toolCallsOf } from "@/lib/tools/derive";
import type { ToolEntry } from "@/lib/tools/types";

export interface KeyCall {
  method: "GET" | "POST";
  path: string;
  /** A POST that may charge credits: it takes an Idempotency-Key, from a key or a browser session. */
  spends: boolean;
}

/** The calls of the operations, credits and files that every tool's work goes through. */
const OTHER_KEY_CALLS: readonly KeyCall[] = [
  { method: "POST", path: "/api/operations/{id}/repeat", spends: true },
  { method: "GET", path: "/api/credits/balance", spends: false },
  { method: "GET", path: "/api/operations/{id}", spends: false },
  { method: "GET", path: "/api/operations/{id}/events", spends: false },
  { method: "POST", path: "/api/operations/{id}/cancel", spends: false },
  // Results are our own private file URLs: a key's owner downloads them with the key.
  { method: "GET", path: "/api/files/{id}", spends: false },
];

/** The key calls of a registry's tools (the real one unless a test passes another), then the others. */
export function keyCallsOf(tools?: readonly ToolEntry[]): KeyCall[] {
  const toolCalls = toolCallsOf(tools).filter((call) => call.keys);
  return [...toolCalls.map(({ method, path, spends }) => ({ method, path, spends })), ...OTHER_KEY_CALLS];
}

export const KEY_CALLS: readonly KeyCall[] = keyCallsOf();

const compiled = KEY_CALLS.map((call) => ({
  call,
  pattern: new RegExp(`^${call.path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
}));

/** The key call a request makes, or null when its route needs a signed-in session. HEAD counts as GET. */
export function findKeyCall(method: string, pathname: string): KeyCall | null {
  const wanted = method === "HEAD" ? "GET" : method;
  return compiled.find(({ call, pattern }) => call.method === wanted && pattern.test(pathname))?.call ?? null;
}
