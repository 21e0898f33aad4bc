// Switches preview mode and its settings on and off for one test (tests/setup/settings.ts: they end
// with the test), and puts back the few variables that stay in process.env because Next or Auth.js
// read them there.
import { PREVIEW_VARIABLES } from "@/lib/settings/site";
import { setSettings } from "../setup/settings";

/**
 * Read from process.env by what the app does not configure: Auth.js (AUTH_URL, which lib/auth/auth.ts
 * also writes there from APP_URL, and AUTH_REDIRECT_PROXY_URL) and instrumentation.ts (NEXT_RUNTIME,
 * which Next sets). They are written there only, so the app also sees Auth.js's own write of AUTH_URL.
 */
const PROCESS_VARIABLES = new Set(["AUTH_URL", "AUTH_REDIRECT_PROXY_URL", "NEXT_RUNTIME"]);

export function setEnv(values: Record<string, string | undefined>): void {
  const settings: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!PROCESS_VARIABLES.has(name)) settings[name] = value;
    else if (value === undefined) delete process.env[name];
    else Object.assign(process.env, { [name]: value });
  }
  // Always a new configuration, so what was parsed before these process.env writes is parsed again.
  setSettings(settings);
}

/**
 * Puts the process-level variables back after each test (the settings end with it anyway), and
 * clears the platform's preview flags before it. `extra` names more process-level variables a test
 * file's code changes; none of the settings need naming.
 */
export function restoreEnvAfterEach(extra: string[] = []): void {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries([...PROCESS_VARIABLES, ...extra].map((name) => [name, process.env[name]]));
    // No platform flag leaks in from the machine running the tests.
    setSettings(Object.fromEntries(PREVIEW_VARIABLES.map((name) => [name, undefined])));
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else Object.assign(process.env, { [name]: value });
    }
    // Parsed afresh for the next test, without this one's process.env values.
    setSettings({});
    jest.restoreAllMocks();
  });
}

/** Preview mode as a reviewer's deploy has it: a production server with APP_ENV=preview. */
export function previewEnv(values: Record<string, string | undefined> = {}): void {
  setEnv({ NODE_ENV: "production", APP_URL: "https://pr-12.preview.pictura.example", APP_ENV: "preview", PREVIEW_NAME: "pr-12", ...values });
}
