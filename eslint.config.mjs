import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import noServerOnlyInClient from "./eslint-rules/no-server-only-in-client.mjs";

// The layers of ARCHITECTURE.md, checked on every lint: app → components → lib, never back;
// lib never imports React; no client module reaches a server-only one.
const layers = {
  files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
  plugins: { boundaries, pictura: { rules: { "no-server-only-in-client": noServerOnlyInClient } } },
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

const config = [
  ...nextVitals,
  ...nextTypescript,
  layers,
  { ignores: ["node_modules/**", ".next/**", ".data/**", "lib/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".bench/**"] },
];

export default config;
