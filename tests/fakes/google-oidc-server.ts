// A stand-in for Google's OpenID Connect endpoints on 127.0.0.1, speaking the real protocol:
// discovery, authorization (auto-approved), code exchange with PKCE, RS256-signed ID tokens, JWKS.
// Each authorization signs in a new person, unless `login_hint` names an e-mail to reuse.
import { createHash, createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import http from "node:http";

const port = Number(process.env.FAKE_GOOGLE_PORT ?? 3199);
const issuer = `http://127.0.0.1:${port}`;
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const kid = "fake-google-key";

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  nonce: string | null;
  email: string;
}
const grants = new Map<string, Grant>();
/** Each code exchange's two redirect URIs, by code, for tests that check both legs name the same one. */
const exchanges: { code: string; authorized: string; exchanged: string | null }[] = [];

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

function signIdToken(claims: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}

function json(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", issuer);
  if (url.pathname === "/.well-known/openid-configuration") {
    return json(response, 200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/userinfo`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    });
  }
  if (url.pathname === "/jwks") {
    return json(response, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" }] });
  }
  if (url.pathname === "/authorize") {
    const redirectUri = url.searchParams.get("redirect_uri");
    const clientId = url.searchParams.get("client_id");
    if (!redirectUri || !clientId || url.searchParams.get("response_type") !== "code") return json(response, 400, { error: "invalid_request" });
    const code = randomUUID();
    grants.set(code, {
      clientId,
      redirectUri,
      challenge: url.searchParams.get("code_challenge"),
      nonce: url.searchParams.get("nonce"),
      email: url.searchParams.get("login_hint") ?? `google-${code.slice(0, 8)}@gmail.test`,
    });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    const state = url.searchParams.get("state");
    if (state) back.searchParams.set("state", state);
    response.writeHead(302, { location: back.toString() });
    return response.end();
  }
  if (url.pathname === "/token" && request.method === "POST") {
    const form = await readForm(request);
    const code = form.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code);
    if (grant) exchanges.push({ code, authorized: grant.redirectUri, exchanged: form.get("redirect_uri") });
    if (!grant || form.get("redirect_uri") !== grant.redirectUri) return json(response, 400, { error: "invalid_grant" });
    const verifier = form.get("code_verifier");
    if (grant.challenge && (!verifier || base64url(createHash("sha256").update(verifier).digest()) !== grant.challenge)) {
      return json(response, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    }
    const now = Math.floor(Date.now() / 1000);
    const idToken = signIdToken({
      iss: issuer,
      aud: grant.clientId,
      sub: createHash("sha256").update(grant.email).digest("hex").slice(0, 21),
      email: grant.email,
      email_verified: true,
      given_name: "Gina",
      family_name: "Google",
      name: "Gina Google",
      iat: now,
      exp: now + 3600,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    });
    return json(response, 200, { access_token: randomUUID(), token_type: "Bearer", expires_in: 3600, id_token: idToken, scope: "openid email profile" });
  }
  if (url.pathname === "/_test/exchanges") {
    // Tests in parallel sign in with Google too: each asks for the exchange of its own code.
    const code = url.searchParams.get("code");
    const found = exchanges.filter((exchange) => exchange.code === code);
    return json(response, 200, found);
  }
  json(response, 404, { error: "not_found" });
});

server.listen(port, "127.0.0.1", () => console.log(`Fake Google OIDC listening on ${issuer}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
