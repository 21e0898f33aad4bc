import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Auth.js, its JWT library, the AI SDK (with zod files it imports by path) and next-intl (in the
// browser build components are tested with) ship ES modules; let SWC compile them for Jest.
const esmPackages = [
  "ai",
  "@ai-sdk",
  "@workflow",
  "zod",
  "next-intl",
  "use-intl",
  "icu-minify",
  "next-auth",
  "@auth",
  "jose",
  "oauth4webapi",
  "preact",
  "preact-render-to-string",
  "intl-messageformat",
  "@formatjs",
  "pg-boss",
  "serialize-error",
  "non-error",
  "rrule-temporal",
  "temporal-spec",
];

const base = createJestConfig({
  // Node's environment, with an ordinary global object: the image engine's pixel loops run at Node's
  // speed instead of through a Proxy per global look-up (tests/setup/node-environment.mjs).
  testEnvironment: "<rootDir>/tests/setup/node-environment.mjs",
  setupFiles: ["<rootDir>/tests/setup/env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/after-env.ts"],
  globalSetup: "<rootDir>/tests/setup/global-setup.ts",
  testMatch: ["<rootDir>/tests/unit/**/*.test.{ts,tsx}", "<rootDir>/tests/integration/**/*.test.ts"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty-module.ts",
    // Loaded with Node's own loader: its ES modules cannot run through Jest's (tests/setup/pg-boss-dashboard.ts).
    "^@pg-boss/dashboard/handler$": "<rootDir>/tests/setup/pg-boss-dashboard.ts",
    // The C2PA writer's ES modules, loaded the same way (tests/setup/c2pa-library.ts).
    "(^|/)c2pa-library$": "<rootDir>/tests/setup/c2pa-library.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testTimeout: 30000,
  reporters: ["default", "<rootDir>/tests/setup/slowest-files-reporter.mjs"],
});

export default async function config() {
  const resolved = await base();
  return {
    ...resolved,
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join("|")})/)`, "^.+\\.module\\.(css|sass|scss)$"],
  };
}
