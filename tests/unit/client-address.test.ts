import { register } from "@/instrumentation";
import { clientIp, ipv6Network, UNKNOWN_CLIENT } from "@/lib/http/client-ip";
import { applyTrustedForwarding, clientAddressOf, forwardedClientOf, TRUSTED_FORWARDING } from "@/lib/http/forwarding";
import { setSettings } from "../setup/settings";
import { writeLogsTo } from "@/lib/observability/log";

/** Sends the logger's lines here from now on; returns the warnings' messages so far. */
function captureWarnings(): () => string[] {
  const lines: string[] = [];
  writeLogsTo((line) => lines.push(line), "warn");
  return () =>
    lines
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((line) => line.level === "warn")
      .map((line) => line.msg);
}

describe("clientAddressOf", () => {
  it("uses the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("198.51.100.7", "203.0.113.1, 203.0.113.2", 0)).toBe("198.51.100.7");
    expect(clientAddressOf("::ffff:198.51.100.7", undefined, 0)).toBe("198.51.100.7");
  });

  it("believes one entry per trusted hop, counted from the right", () => {
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7");
    // Fewer entries than hops: the leftmost there is (a misconfiguration, never a client's choice beyond it).
    expect(clientAddressOf("10.0.0.2", undefined, 3)).toBe("10.0.0.2");
  });

  it("counts the same hops from the right of X-Forwarded-For where the socket is out of sight", () => {
    expect(forwardedClientOf("6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(forwardedClientOf("6.6.6.6, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7");
    expect(forwardedClientOf("198.51.100.7", 3)).toBe("198.51.100.7");
    expect(forwardedClientOf(null, 1)).toBeUndefined();
  });

  it("drops every forwarding header a client wrote when no proxy is trusted", () => {
    const headers = {
      "x-forwarded-for": "6.6.6.6",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-real-ip": "6.6.6.6",
      forwarded: "for=6.6.6.6",
    };
    applyTrustedForwarding(headers, "198.51.100.7", 0);
    expect(headers).toEqual({ "x-forwarded-for": "198.51.100.7" });
  });
});

describe("ipv6Network", () => {
  it.each([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0db8:0001:0002::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("puts %s in %s", (address, network) => {
    expect(ipv6Network(address)).toBe(network);
  });
});

describe("clientIp", () => {
  type Name = "NODE_ENV" | "APP_URL" | "CLIENT_IP_SOURCE" | "TRUSTED_PROXY_HOPS" | "VERCEL" | "NEXT_RUNTIME";
  // Next sets NEXT_RUNTIME, and instrumentation.ts reads it from process.env; the rest are settings.
  const savedRuntime = process.env.NEXT_RUNTIME;
  const state = globalThis as Record<symbol, unknown>;

  function setEnv(values: Partial<Record<Name, string | undefined>>) {
    const { NEXT_RUNTIME: runtime, ...settings } = values;
    if (runtime !== undefined) process.env.NEXT_RUNTIME = runtime;
    setSettings(settings);
  }

  /** A production process as a platform's `next start` runs it: no server.ts in front. */
  function platform(values: Partial<Record<Name, string | undefined>>) {
    setEnv({
      NODE_ENV: "production",
      APP_URL: "https://pictura.example",
      CLIENT_IP_SOURCE: undefined,
      TRUSTED_PROXY_HOPS: undefined,
      VERCEL: undefined,
      ...values,
    });
  }

  const request = (headers: Record<string, string>) => new Request("https://pictura.example/api/auth/login", { headers });

  /** Runs the server's start-up hook: the exit code it asked for (none: it started) and what it said. */
  async function startUp(): Promise<{ exitCode: number | string | null | undefined; said: string }> {
    const said = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as typeof process.exit);
    await register();
    return { exitCode: exit.mock.calls[0]?.[0], said: said.mock.calls.map((call) => String(call[0])).join("\n") };
  }

  /** The lines the start-up hook logged as warnings, over `times` starts in this one process. */
  async function startUpWarnings(times = 1): Promise<string[]> {
    jest.restoreAllMocks();
    const warned = captureWarnings();
    try {
      for (let start = 0; start < times; start++) expect((await startUp()).exitCode).toBeUndefined();
    } finally {
      writeLogsTo(null);
    }
    return warned();
  }

  afterEach(() => {
    if (savedRuntime === undefined) delete process.env.NEXT_RUNTIME;
    else process.env.NEXT_RUNTIME = savedRuntime;
    delete state[TRUSTED_FORWARDING];
    delete state[Symbol.for("pictura.unknownClientWarned")];
    delete state[Symbol.for("pictura.originExposureWarned")];
    writeLogsTo(null);
    jest.restoreAllMocks();
  });

  it("reads the one address server.ts wrote, from the socket or its trusted hops", () => {
    state[TRUSTED_FORWARDING] = true;
    platform({});
    expect(clientIp(request({ "x-forwarded-for": "198.51.100.7" }))).toBe("198.51.100.7");
    platform({ TRUSTED_PROXY_HOPS: "1" });
    expect(clientIp(request({ "x-forwarded-for": "198.51.100.8" }))).toBe("198.51.100.8");
  });

  it("counts X-Forwarded-For from the right across the platform's proxies under a plain next start", () => {
    platform({ CLIENT_IP_SOURCE: "proxy", TRUSTED_PROXY_HOPS: "1" });
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" }))).toBe("198.51.100.7");
    platform({ CLIENT_IP_SOURCE: "proxy", TRUSTED_PROXY_HOPS: "2" });
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.1" }))).toBe("198.51.100.7");
  });

  it.each([
    ["vercel", "x-real-ip"],
    ["cloudflare", "CF-Connecting-IP"],
    ["fly", "Fly-Client-IP"],
    ["netlify", "x-nf-client-connection-ip"],
  ])("believes only %s's own header (%s)", (source, header) => {
    platform({ CLIENT_IP_SOURCE: source, VERCEL: source === "vercel" ? "1" : undefined });
    const forged = { "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.7", "cf-connecting-ip": "6.6.6.8", "fly-client-ip": "6.6.6.9" };
    expect(clientIp(request({ ...forged, [header.toLowerCase()]: "198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientIp(request({ [header]: "2001:db8:1:2:3:4:5:6" }))).toBe("2001:db8:1:2::/64");
  });

  it("chooses vercel on Vercel and ignores a client-written X-Forwarded-For there", () => {
    platform({ VERCEL: "1" });
    expect(clientIp(request({ "x-real-ip": "198.51.100.7", "x-forwarded-for": "6.6.6.6" }))).toBe("198.51.100.7");
    captureWarnings();
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6" }))).toBe(UNKNOWN_CLIENT);
    writeLogsTo(null);
  });

  it("counts requests without the source's header in one unknown bucket, logged once", () => {
    platform({ CLIENT_IP_SOURCE: "cloudflare" });
    const warned = captureWarnings();
    expect(clientIp(request({}))).toBe(UNKNOWN_CLIENT);
    expect(clientIp(request({ "cf-connecting-ip": "198.51.100.7, 6.6.6.6" }))).toBe(UNKNOWN_CLIENT);
    expect(clientIp(request({ "cf-connecting-ip": "not-an-address" }))).toBe(UNKNOWN_CLIENT);
    writeLogsTo(null);
    expect(warned()).toHaveLength(1);
    expect(warned()[0]).toMatch(/cf-connecting-ip/);
  });

  it("resolves a request once, whatever changes after", () => {
    platform({ CLIENT_IP_SOURCE: "fly" });
    const incoming = request({ "fly-client-ip": "198.51.100.7", "cf-connecting-ip": "6.6.6.6" });
    expect(clientIp(incoming)).toBe("198.51.100.7");
    platform({ CLIENT_IP_SOURCE: "cloudflare" });
    expect(clientIp(incoming)).toBe("198.51.100.7");
  });

  describe("at server start", () => {
    it("refuses a production next start with no source, in one message, before any request", async () => {
      platform({ NEXT_RUNTIME: "nodejs" });
      const { exitCode, said } = await startUp();
      expect(exitCode).toBe(1);
      expect(said).toMatch(/^Pictura cannot start\. .*set CLIENT_IP_SOURCE to the header your platform guarantees/);
      expect(() => clientIp(request({ "x-forwarded-for": "198.51.100.7" }))).toThrow(/CLIENT_IP_SOURCE/);
    });

    it("refuses socket where the socket cannot be seen, and vercel under server.ts", async () => {
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "socket" });
      expect(await startUp()).toEqual({ exitCode: 1, said: expect.stringMatching(/socket needs `npm start`/) });
      jest.restoreAllMocks();
      state[TRUSTED_FORWARDING] = true;
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "vercel" });
      expect(await startUp()).toEqual({ exitCode: 1, said: expect.stringMatching(/CLIENT_IP_SOURCE=vercel/) });
    });

    it("refuses CLIENT_IP_SOURCE=vercel without VERCEL=1, which only Vercel's own runtime sets", async () => {
      // Anywhere else, whoever reaches the origin writes x-real-ip and so chooses their own address.
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "vercel" });
      const { exitCode, said } = await startUp();
      expect(exitCode).toBe(1);
      expect(said).toMatch(/^Pictura cannot start\. CLIENT_IP_SOURCE=vercel needs VERCEL=1/);
      expect(() => clientIp(request({ "x-real-ip": "198.51.100.7" }))).toThrow(/VERCEL=1/);
      jest.restoreAllMocks();
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "vercel", VERCEL: "1" });
      expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
      expect(clientIp(request({ "x-real-ip": "198.51.100.7" }))).toBe("198.51.100.7");
    });

    it.each([
      ["cloudflare", {}, /CF-Connecting-IP.*Cloudflare's published IP ranges.*Authenticated Origin Pulls.*Cloudflare Tunnel/],
      ["fly", {}, /Fly-Client-IP.*no public IP.*fly-proxy/],
      ["proxy", { TRUSTED_PROXY_HOPS: "1" }, /X-Forwarded-For.*only the proxy's address/],
    ])("says once at start that under %s the origin must take traffic from the platform alone", async (source, extra, rule) => {
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: source, ...extra });
      const lines = await startUpWarnings(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain("\n");
      expect(lines[0]).toMatch(new RegExp(`CLIENT_IP_SOURCE=${source}`));
      expect(lines[0]).toMatch(rule);
    });

    it("says it under npm start behind trusted proxy hops too, and not where nobody can write the address", async () => {
      state[TRUSTED_FORWARDING] = true;
      platform({ NEXT_RUNTIME: "nodejs", TRUSTED_PROXY_HOPS: "2" });
      expect(await startUpWarnings()).toEqual([expect.stringMatching(/CLIENT_IP_SOURCE=proxy.*TRUSTED_PROXY_HOPS=2 proxies.*only the proxy's address/)]);
      delete state[Symbol.for("pictura.originExposureWarned")];
      platform({ NEXT_RUNTIME: "nodejs" });
      expect(await startUpWarnings()).toEqual([]);
      delete state[TRUSTED_FORWARDING];
      platform({ NEXT_RUNTIME: "nodejs", VERCEL: "1" });
      expect(await startUpWarnings()).toEqual([]);
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "netlify" });
      expect(await startUpWarnings()).toEqual([]);
    });

    it("refuses proxy without a number of hops", async () => {
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "proxy" });
      expect(await startUp()).toEqual({ exitCode: 1, said: expect.stringMatching(/TRUSTED_PROXY_HOPS must be 1 or more/) });
    });

    it("starts under server.ts, on Vercel, and with a platform's header named", async () => {
      state[TRUSTED_FORWARDING] = true;
      platform({ NEXT_RUNTIME: "nodejs" });
      expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
      delete state[TRUSTED_FORWARDING];
      platform({ NEXT_RUNTIME: "nodejs", VERCEL: "1" });
      expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
      platform({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "proxy", TRUSTED_PROXY_HOPS: "1" });
      expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
    });
  });
});
