// Behind a proxy, or pretending to be one: forwarded host headers never choose where we redirect,
// and production does not start without APP_URL, from which every absolute URL is built.
import { GET as loginRedirect } from "@/app/api/login/route";
import { GET as googleRedirect } from "@/app/api/auth/google/route";
import { env } from "@/lib/env";
import { register } from "@/instrumentation";
import { apiRequest } from "./helpers";
import { restoreEnvAfterEach, setEnv } from "./preview-env";

restoreEnvAfterEach();

/** Runs the server's start-up hook: the exit code it asked for (none: it started) and what it said. */
async function startUp(): Promise<{ exitCode: number | string | null | undefined; said: string }> {
  const said = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as typeof process.exit);
  await register();
  return { exitCode: exit.mock.calls[0]?.[0], said: said.mock.calls.map((call) => String(call[0])).join("\n") };
}

describe("host headers", () => {
  it("does not redirect to the host named in X-Forwarded-Host when no proxy is trusted (APP_URL unset)", async () => {
    setEnv({ APP_URL: undefined, TRUSTED_PROXY_HOPS: undefined });
    const response = await loginRedirect(
      apiRequest("GET", "/api/login?returnTo=/gallery", { headers: { "x-forwarded-host": "evil.com", "x-forwarded-proto": "https" } }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth?returnTo=%2Fgallery");
  });

  it("believes X-Forwarded-Host from a configured trusted proxy", async () => {
    setEnv({ APP_URL: undefined, TRUSTED_PROXY_HOPS: "1" });
    const response = await loginRedirect(
      apiRequest("GET", "/api/login?returnTo=/gallery", { headers: { "x-forwarded-host": "pictura.example", "x-forwarded-proto": "https" } }),
    );
    expect(response.headers.get("location")).toBe("https://pictura.example/auth?returnTo=%2Fgallery");
  });

  it("builds redirects from APP_URL whatever the Host and forwarded headers say", async () => {
    setEnv({ NODE_ENV: "production", APP_URL: "https://pictura.example", TRUSTED_PROXY_HOPS: "1" });
    const headers = { host: "evil.com", "x-forwarded-host": "evil.com" };
    const login = await loginRedirect(apiRequest("GET", "/api/login?returnTo=/gallery", { headers }));
    expect(login.headers.get("location")).toBe("https://pictura.example/auth?returnTo=%2Fgallery");
    const google = await googleRedirect(apiRequest("GET", "/api/auth/google", { headers }));
    expect(new URL(google.headers.get("location")!).origin).toBe("https://pictura.example");
  });
});

describe("APP_URL in production", () => {
  it("refuses to start without APP_URL, naming it", async () => {
    setEnv({ NODE_ENV: "production", APP_URL: undefined, NEXT_RUNTIME: "nodejs" });
    expect(() => env()).toThrow(/APP_URL is required in production/);
    expect(await startUp()).toEqual({ exitCode: 1, said: expect.stringMatching(/APP_URL is required in production/) });
  });

  it("refuses an APP_URL that is not an address", () => {
    setEnv({ APP_URL: "pictura.example" });
    expect(() => env()).toThrow(/APP_URL must be a full address/);
  });

  it("starts in production with APP_URL set", async () => {
    // A plain `next start` also needs to know which header carries the client address.
    setEnv({ NODE_ENV: "production", APP_URL: "https://pictura.example", NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "cloudflare" });
    expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
  });
});
