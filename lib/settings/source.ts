// Where every setting comes from: the process's environment, or, in tests, the environment with the
// values a test configured laid over it. Tests configure settings here instead of changing
// process.env, and each configuration gets a new version number, so code that parses settings once
// (lib/env.ts, lib/settings/site.ts) knows when to parse again without comparing variables on every
// call. Production code only reads. No "server-only": next.config.ts, server.ts and the proxy read it.

type Variables = Readonly<Record<string, string | undefined>>;

interface SourceState {
  overrides: Variables | null;
  version: number;
}

// Kept on the global object, so a test that re-imports modules (jest.resetModules) still sees the
// configuration its helpers set.
const STATE = Symbol.for("pictura.settings.source");

function state(): SourceState {
  const holder = globalThis as Record<symbol, SourceState | undefined>;
  return (holder[STATE] ??= { overrides: null, version: 0 });
}

/**
 * The variables settings are read from: process.env itself, or, once a test configured some, a copy
 * with those applied (undefined removes a variable). Read afresh on each call; the parsers cache by
 * environmentVersion().
 */
export function environment(): NodeJS.ProcessEnv {
  const { overrides } = state();
  if (!overrides) return process.env;
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/** Changes with every configureEnvironment call: what was parsed under another version is stale. */
export function environmentVersion(): number {
  return state().version;
}

/** The values a test configured, or null when settings come from process.env alone. */
export function environmentOverrides(): Variables | null {
  return state().overrides;
}

/** For tests: lays `values` over process.env (null clears them). Production code never calls it. */
export function configureEnvironment(values: Variables | null): void {
  const current = state();
  current.overrides = values ? { ...values } : null;
  current.version += 1;
}
