// Signature Version 4 checked the way S3 checks it, for the fake S3: requests signed in the
// Authorization header and presigned ones (X-Amz-* in the query string) share one canonical
// request, built from what arrived on the wire, never from what the client meant to send.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's region; null accepts whichever region the signature names. */
  region: string | null;
}

export interface ArrivedRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type SignatureCheck =
  { ok: true; auth: "header" | "query" | "anonymous" } | { ok: false; status: number; code: string; message: string; details?: Record<string, string> };

const ALGORITHM = "AWS4-HMAC-SHA256";
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
const MAX_SKEW_MS = 15 * 60 * 1000;
const QUERY_AUTH = ["X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature"];

const refuse = (status: number, code: string, message: string, details?: Record<string, string>): SignatureCheck => ({
  ok: false,
  status,
  code,
  message,
  details,
});

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - _ . ~ (S3's UriEncode). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** A query string's pairs in arrival order, decoded as a form would be ("+" is a space). */
export function queryPairs(target: string): [string, string][] {
  const query = target.includes("?") ? target.slice(target.indexOf("?") + 1) : "";
  return query
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const [name, value = ""] = part.split(/=(.*)/s) as [string, string?];
      const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, " "));
      return [decode(name), decode(value)];
    });
}

/** YYYYMMDD'T'HHMMSS'Z' as a time, or null. */
function parseAmzDate(value: string | undefined): number | null {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

function canonicalRequest(request: ArrivedRequest, signedHeaders: string[], payloadHash: string, excludeFromQuery: string | null): string {
  const rawPath = request.target.split("?")[0] ?? "/";
  // Each segment encoded once, as S3 does (no normalisation of "." or "//").
  const uri = rawPath
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const query = queryPairs(request.target)
    .filter(([name]) => name !== excludeFromQuery)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headers = signedHeaders.map((name) => {
    const raw = request.headers[name];
    const value = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
    return `${name}:${value.trim().replace(/\s+/g, " ")}\n`;
  });
  return [request.method, uri, query, headers.join(""), signedHeaders.join(";"), payloadHash].join("\n");
}

interface Claimed {
  credential: string;
  signedHeaders: string;
  signature: string;
  amzDate: string;
  malformed: string;
}

/** Checks the parts both ways share: the credential, what is signed, and the signature itself. */
function checkSignature(request: ArrivedRequest, credentials: S3Credentials, claimed: Claimed, payloadHash: string, excluded: string | null): SignatureCheck {
  const [accessKeyId, date, region, service, terminator, ...rest] = claimed.credential.split("/");
  if (!accessKeyId || !date || !region || service !== "s3" || terminator !== "aws4_request" || rest.length > 0) {
    return refuse(
      400,
      claimed.malformed,
      `Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".`,
    );
  }
  if (accessKeyId !== credentials.accessKeyId) return refuse(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  if (date !== claimed.amzDate.slice(0, 8)) return refuse(400, claimed.malformed, "Invalid credential date. Date is not the same as X-Amz-Date.");
  if (credentials.region !== null && region !== credentials.region) {
    return refuse(400, claimed.malformed, `Error parsing the X-Amz-Credential parameter; the region '${region}' is wrong; expecting '${credentials.region}'`);
  }
  const signedHeaders = claimed.signedHeaders.split(";");
  if (!signedHeaders.includes("host")) return refuse(403, "AccessDenied", "Host must be one of the signed headers.");
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith("x-amz-") && !signedHeaders.includes(name));
  if (unsigned.length > 0)
    return refuse(403, "AccessDenied", "There were headers present in the request which were not signed", { HeadersNotSigned: unsigned.join(", ") });
  const canonical = canonicalRequest(request, signedHeaders, payloadHash, excluded);
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, claimed.amzDate, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = Buffer.from(hmac(key, stringToSign).toString("hex"));
  const given = Buffer.from(claimed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      {
        StringToSign: stringToSign,
        CanonicalRequest: canonical,
      },
    );
  }
  return { ok: true, auth: excluded ? "query" : "header" };
}

function checkHeaderSigned(request: ArrivedRequest, credentials: S3Credentials, now: number): SignatureCheck {
  const authorization = String(request.headers.authorization);
  const match = authorization.match(/^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/);
  if (!match) return refuse(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const signedAt = parseAmzDate(amzDate);
  if (signedAt === null) return refuse(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  if (Math.abs(now - signedAt) > MAX_SKEW_MS)
    return refuse(403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.");
  const payloadHash = request.headers["x-amz-content-sha256"];
  if (typeof payloadHash !== "string") return refuse(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  if (payloadHash !== "UNSIGNED-PAYLOAD") {
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) return refuse(400, "InvalidArgument", "x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a valid sha256 value.");
    if (payloadHash !== sha256Hex(request.body))
      return refuse(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  const [, credential, signedHeaders, signature] = match as unknown as [string, string, string, string];
  return checkSignature(request, credentials, { credential, signedHeaders, signature, amzDate, malformed: "AuthorizationHeaderMalformed" }, payloadHash, null);
}

function checkPresigned(request: ArrivedRequest, credentials: S3Credentials, now: number, query: Map<string, string>): SignatureCheck {
  const missing = QUERY_AUTH.filter((name) => !query.has(name));
  if (missing.length > 0)
    return refuse(400, "AuthorizationQueryParametersError", `Query-string authentication version 4 requires the ${QUERY_AUTH.join(", ")} parameters`);
  if (query.get("X-Amz-Algorithm") !== ALGORITHM) return refuse(400, "AuthorizationQueryParametersError", 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const amzDate = query.get("X-Amz-Date")!;
  const signedAt = parseAmzDate(amzDate);
  if (signedAt === null) return refuse(400, "AuthorizationQueryParametersError", "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  const expiresText = query.get("X-Amz-Expires")!;
  const expires = /^\d+$/.test(expiresText) ? Number(expiresText) : NaN;
  if (!Number.isSafeInteger(expires)) return refuse(400, "AuthorizationQueryParametersError", "X-Amz-Expires should be a number");
  if (expires > MAX_EXPIRES_SECONDS) {
    return refuse(400, "AuthorizationQueryParametersError", "X-Amz-Expires must be less than a week (in seconds) that is; 604800");
  }
  if (now > signedAt + expires * 1000) {
    return refuse(403, "AccessDenied", "Request has expired", {
      "X-Amz-Expires": expiresText,
      Expires: new Date(signedAt + expires * 1000).toISOString(),
      ServerTime: new Date(now).toISOString(),
    });
  }
  const claimed = {
    credential: query.get("X-Amz-Credential")!,
    signedHeaders: query.get("X-Amz-SignedHeaders")!,
    signature: query.get("X-Amz-Signature")!,
    amzDate,
    malformed: "AuthorizationQueryParametersError",
  };
  return checkSignature(request, credentials, claimed, query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD", "X-Amz-Signature");
}

/** Who may make this request: a valid signature of either kind, or nobody (anonymous). */
export function checkS3Signature(request: ArrivedRequest, credentials: S3Credentials, now: number): SignatureCheck {
  // The first value of each name, as S3 reads its own parameters.
  const query = new Map<string, string>();
  for (const [name, value] of queryPairs(request.target)) if (!query.has(name)) query.set(name, value);
  const byHeader = request.headers.authorization !== undefined;
  const byQuery = query.has("X-Amz-Signature") || query.has("X-Amz-Credential") || query.has("X-Amz-Algorithm");
  if (byHeader && byQuery)
    return refuse(
      400,
      "InvalidArgument",
      "Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified",
    );
  if (byHeader) return checkHeaderSigned(request, credentials, now);
  if (byQuery) return checkPresigned(request, credentials, now, query);
  return { ok: true, auth: "anonymous" };
}
