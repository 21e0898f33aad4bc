import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import localEngineBoundary from "./eslint-rules/local-engine-boundary.mjs";
import noServerOnlyInClient from "./eslint-rules/no-server-only-in-client.mjs";

const pictura = { rules: { "no-server-only-in-client": noServerOnlyInClient, "local-engine-boundary": localEngineBoundary } };

// The layers of ARCHITECTURE.md, checked on every lint: app → components → lib, never back;
// lib never imports React; no client module reaches a server-only one.
const layers = {
  files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
  plugins: { boundaries, pictura },
  settings: {
    "boundaries/elements": [
      { type: "app", pattern: "app/**", partialMatch: false },
      { type: "components", pattern: "components/**", partialMatch: false },
      { type: "lib", pattern: "lib/**", partialMatch: false },
    ],
    "import/resolver": { typescript: { alwaysTryTypes: true } },
  },
  rules: {
    "boundaries/dependencies": [
      2,
      {
        default: "allow",
        checkAllOrigins: true,
        policies: [
          { from: { element: { type: "components" } }, disallow: { to: { element: { type: "app" } } } },
          { from: { element: { type: "lib" } }, disallow: { to: { element: { types: { anyOf: ["app", "components"] } } } } },
          {
            from: { element: { type: "lib" } },
            disallow: {
              to: {
                module: {
                  origin: "external",
                  source: [
                    "react",
                    "react-dom",
                    "react-dom/*",
                    "lucide-react",
                    "radix-ui",
                    "react-dropzone",
                    "sonner",
                    "@tanstack/react-query",
                    "@stripe/react-stripe-js",
                  ],
                },
              },
            },
          },
        ],
      },
    ],
    "pictura/no-server-only-in-client": 2,
  },
};

// The local image engine runs in workers only: its packages stay in lib/imaging/local, loaded there
// from the install at run time (scripts and tests may import them), and nothing under app/ reaches
// it, so route bundles fit a function.
const localEngine = {
  files: ["**/*.{ts,tsx,js,mjs}"],
  ignores: ["scripts/**", "tests/**"],
  plugins: { pictura },
  rules: { "pictura/local-engine-boundary": 2 },
};

// No module may import itself back through others: in a cycle one side sees the other half-loaded
// (undefined exports at start-up), and the two can no longer be understood or tested apart. Type-only
// imports do not count: they are gone once compiled. Shared types therefore sit in their own modules
// (lib/billing/billing-provider.ts, lib/masks/shapes.ts) rather than beside code that imports back.
// The app's own code (app, components, lib and the entry files at the root) is checked. Nothing there
// imports tests or scripts, so no cycle through the app runs through them; cycles among test helpers
// alone are left unchecked, as following every test's imports doubled lint's time.
// .lint-probes holds the rule's own test cases (tests/unit/layer-lint.test.ts).
const noCycles = {
  files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "*.{ts,mjs}", ".lint-probes/**/*.ts"],
  // Generated and installed code is never part of a cycle of ours: not parsing it keeps lint fast.
  settings: { "import/ignore": ["node_modules", "lib/generated/"] },
  rules: { "import/no-cycle": [2, { ignoreExternal: true }] },
};

// Services take a caller and its inputs, never the request, and return data or throw typed errors:
// reading requests and building answers is lib/http's part (ARCHITECTURE.md, "Who is calling").
// Outside lib/http, lib names neither Request nor Response, as a value or a type.
const requestsStayInLibHttp = {
  files: ["lib/**/*.{ts,tsx}"],
  ignores: ["lib/http/**", "lib/generated/**"],
  rules: {
    "no-restricted-syntax": [
      2,
      {
        selector: "Identifier[name=/^(Next)?(Request|Response)$/]",
        message: "lib outside lib/http takes a caller and inputs and returns data: read the request and build the answer in lib/http or the route.",
      },
    ],
  },
};

// Settings come from one source, parsed once (lib/settings/source.ts, lib/env.ts, lib/settings/site.ts),
// which tests configure without touching process.env. Auth.js reads AUTH_URL from process.env itself,
// so lib/auth/auth.ts alone still writes it there.
const settingsFromOneSource = {
  files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
  ignores: ["lib/settings/source.ts", "lib/auth/auth.ts", "lib/generated/**"],
  rules: {
    "no-restricted-properties": [
      2,
      {
        object: "process",
        property: "env",
        message: "Read settings from env() (lib/env.ts), siteSettings() (lib/settings/site.ts) or environment() (lib/settings/source.ts).",
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTypescript,
  layers,
  localEngine,
  noCycles,
  requestsStayInLibHttp,
  settingsFromOneSource,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "lib/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      ".bench/**",
      ".lint-probes/**",
    ],
  },
];

export default config;
