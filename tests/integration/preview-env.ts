// Switches preview mode and its settings on and off for one test, and puts every variable back after.
import { PREVIEW_VARIABLES } from "@/lib/preview/mode";

const TOUCHED = [
  ...PREVIEW_VARIABLES,
  "NODE_ENV",
  "APP_URL",
  "AUTH_URL",
  "AUTH_REDIRECT_PROXY_URL",
  "BILLING_SANDBOX",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "CRON_SECRET",
  "NEXT_RUNTIME",
  "NEXT_DIST_DIR",
];

export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else Object.assign(process.env, { [name]: value });
  }
}

/** Saves the variables a preview test may change before each test and restores them after it. */
export function restoreEnvAfterEach(extra: string[] = []): void {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries([...TOUCHED, ...extra].map((name) => [name, process.env[name]]));
    // No platform flag leaks in from the machine running the tests.
    setEnv(Object.fromEntries(PREVIEW_VARIABLES.map((name) => [name, undefined])));
  });
  afterEach(() => {
    setEnv(saved);
    jest.restoreAllMocks();
  });
}

/** Preview mode as a reviewer's deploy has it: a production server with APP_ENV=preview. */
export function previewEnv(values: Record<string, string | undefined> = {}): void {
  setEnv({ NODE_ENV: "production", APP_URL: "https://pr-12.preview.pictura.example", APP_ENV: "preview", PREVIEW_NAME: "pr-12", ...values });
}
