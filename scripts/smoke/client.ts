// The smoke test's HTTP client: one visitor with its cookies, on one deploy. Redirects are followed
// by hand, and only on the deploy's own origin, so each hop is seen; every write carries the
// deploy's Origin, as a browser's does (the API refuses cross-site writes).

export interface Answer {
  status: number;
  url: string;
  headers: Headers;
  body: Buffer;
  text: () => string;
  json: <T = Record<string, unknown>>() => T;
}

export class SmokeClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    /** Sent with every request, e.g. a platform's protection bypass for previews. */
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  hasCookies(): boolean {
    return this.cookies.size > 0;
  }

  /** Gives this visitor another's cookies (the preview's access cookie, for every visitor of a run). */
  copyCookiesFrom(other: SmokeClient): void {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
  }

  async request(
    path: string,
    init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; follow?: boolean } = {},
  ): Promise<Answer> {
    let url = new URL(path, this.origin);
    let method = init.method ?? "GET";
    const type = init.form ? "application/x-www-form-urlencoded" : "application/json";
    let body = init.form ? new URLSearchParams(init.form).toString() : init.json === undefined ? undefined : JSON.stringify(init.json);
    for (let hop = 0; ; hop += 1) {
      const headers: Record<string, string> = { ...this.extraHeaders, ...init.headers };
      if (body !== undefined) headers["content-type"] = type;
      if (method !== "GET" && method !== "HEAD") headers.origin = this.origin;
      if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const response = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(60_000) });
      this.keepCookies(response.headers);
      const location = response.headers.get("location");
      const next = location ? new URL(location, url) : null;
      if (init.follow !== false && next && next.origin === this.origin && [301, 302, 303, 307, 308].includes(response.status) && hop < 5) {
        await response.arrayBuffer();
        if (response.status === 303) [method, body] = ["GET", undefined];
        url = next;
        continue;
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      return {
        status: response.status,
        url: url.toString(),
        headers: response.headers,
        body: bytes,
        text: () => bytes.toString("utf8"),
        json: <T>() => JSON.parse(bytes.toString("utf8")) as T,
      };
    }
  }

  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
