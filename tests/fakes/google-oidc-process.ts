// The fake Google (google-oidc-server.ts) in a process of its own on a free loopback port, started
// before a test file's tests and stopped after them, for tests that drive Auth.js's Google sign-in.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the fake Google for the calling test file; `issuer()` is its address once started. */
export function withFakeGoogle(): { issuer: () => string } {
  let google: ChildProcess | undefined;
  let issuer = "";
  beforeAll(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    google = spawn(process.execPath, [require.resolve("tsx/cli"), path.join(__dirname, "google-oidc-server.ts")], {
      env: { ...process.env, FAKE_GOOGLE_PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise((resolve) => google!.stdout!.once("data", resolve));
  });
  afterAll(() => google?.kill());
  return { issuer: () => issuer };
}
