// A stand-in for Sign in with Apple on 127.0.0.1, speaking its protocol: discovery, authorization
// answered the way Apple answers web sign-ins (response_mode=form_post: a page that POSTs code, state
// and — on the first consent only — the `user` JSON with the person's name to the redirect URI), code
// exchange with client_secret_post, RS256 ID tokens carrying the nonce and `email_verified: "true"`
// as a string, and JWKS. Each authorization signs in a new person unless `login_hint` names one.
// Run directly (tsx tests/fakes/apple-id-server.ts) it listens on FAKE_APPLE_PORT.
import { createSign, generateKeyPairSync, randomUUID, createHash } from "node:crypto";
import http from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

interface Grant {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  email: string;
}

export interface FakeApple {
  origin: string;
  /** Authorization codes exchanged, successfully or not. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function startFakeApple(options: { port?: number; clientSecret: string }): Promise<FakeApple> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = "fake-apple-key";
  const grants = new Map<string, Grant>();
  const consented = new Set<string>();
  const tokenRequests: URLSearchParams[] = [];
  let issuer = "";

  function signIdToken(claims: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ alg: "RS256", kid }));
    const payload = base64url(JSON.stringify(claims));
    return `${header}.${payload}.${base64url(createSign("RSA-SHA256").update(`${header}.${payload}`).sign(privateKey))}`;
  }

  function json(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/auth/authorize`,
        token_endpoint: `${issuer}/auth/token`,
        revocation_endpoint: `${issuer}/auth/revoke`,
        jwks_uri: `${issuer}/auth/keys`,
        response_types_supported: ["code"],
        response_modes_supported: ["query", "fragment", "form_post"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "name"],
        token_endpoint_auth_methods_supported: ["client_secret_post"],
        claims_supported: ["aud", "email", "email_verified", "exp", "iat", "is_private_email", "iss", "nonce", "nonce_supported", "sub"],
      });
    }
    if (url.pathname === "/auth/keys") {
      return json(response, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" }] });
    }
    if (url.pathname === "/auth/authorize") {
      const params = url.searchParams;
      const redirectUri = params.get("redirect_uri");
      const clientId = params.get("client_id");
      // Apple requires form_post whenever the name or e-mail is asked for.
      if (!redirectUri || !clientId || params.get("response_type") !== "code" || params.get("response_mode") !== "form_post") {
        return json(response, 400, { error: "invalid_request" });
      }
      const code = `c${randomUUID().replace(/-/g, "")}`;
      const email = params.get("login_hint") ?? `apple-${code.slice(1, 9)}@privaterelay.appleid.test`;
      grants.set(code, { clientId, redirectUri, nonce: params.get("nonce"), email });
      const fields: Record<string, string> = { code };
      const state = params.get("state");
      if (state) fields.state = state;
      if (!consented.has(email)) {
        consented.add(email);
        fields.user = JSON.stringify({ name: { firstName: "Ada", lastName: "Apple" }, email });
      }
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join("");
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="POST" action="${escapeHtml(redirectUri)}">${inputs}<noscript><button>Continue</button></noscript></form></body></html>`,
      );
    }
    if (url.pathname === "/auth/token" && request.method === "POST") {
      let body = "";
      for await (const chunk of request) body += chunk;
      const form = new URLSearchParams(body);
      tokenRequests.push(form);
      const code = form.get("code") ?? "";
      const grant = grants.get(code);
      grants.delete(code);
      if (form.get("client_secret") !== options.clientSecret) return json(response, 400, { error: "invalid_client" });
      if (
        !grant ||
        form.get("grant_type") !== "authorization_code" ||
        form.get("redirect_uri") !== grant.redirectUri ||
        form.get("client_id") !== grant.clientId
      ) {
        return json(response, 400, { error: "invalid_grant" });
      }
      const now = Math.floor(Date.now() / 1000);
      const idToken = signIdToken({
        iss: issuer,
        aud: grant.clientId,
        exp: now + 600,
        iat: now,
        sub: `000${createHash("sha256").update(grant.email).digest("hex").slice(0, 20)}.0001`,
        email: grant.email,
        email_verified: "true",
        is_private_email: "true",
        auth_time: now,
        nonce_supported: true,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      });
      return json(response, 200, { access_token: randomUUID(), token_type: "Bearer", expires_in: 3600, refresh_token: randomUUID(), id_token: idToken });
    }
    json(response, 404, { error: "not_found" });
  });

  await listenOnLoopback(server, options.port ?? 0);
  issuer = loopbackOrigin(server, "Apple");
  return { origin: issuer, tokenRequests, close: () => closeServer(server) };
}

if (process.argv[1]?.endsWith("apple-id-server.ts")) {
  const port = Number(process.env.FAKE_APPLE_PORT ?? 3198);
  void startFakeApple({ port, clientSecret: process.env.FAKE_APPLE_CLIENT_SECRET ?? "fake-apple-secret" }).then((apple) => {
    console.log(`Fake Apple ID listening on ${apple.origin}`);
    process.on("SIGTERM", () => void apple.close().then(() => process.exit(0)));
  });
}
