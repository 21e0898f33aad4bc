// A fake S3-compatible object store on 127.0.0.1 (path-style: /{bucket}/{key}) that verifies SigV4
// as S3 does (tests/fakes/s3-signature.ts): header-signed requests and presigned URLs, with their
// expiry measured on the fake's own clock, which a test may move instead of waiting.
import { createServer, type ServerResponse, type Server } from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";
import { checkS3Signature, queryPairs, type SignatureCheck } from "./s3-signature";

/** The response headers a signed GET may override through response-* query parameters, as S3 allows. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  "response-content-type": "content-type",
  "response-content-language": "content-language",
  "response-expires": "expires",
  "response-cache-control": "cache-control",
  "response-content-disposition": "content-disposition",
  "response-content-encoding": "content-encoding",
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(response: ServerResponse, status: number, code: string, message: string, details: Record<string, string> = {}): void {
  const extra = Object.entries(details)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join("");
  response
    .writeHead(status, { "content-type": "application/xml" })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${extra}</Error>`);
}

export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  readonly requests: { method: string; path: string; auth: "header" | "query" | "anonymous" | "refused"; code?: string }[] = [];
  /** The fake's clock, in milliseconds: a test moves it to see a presigned URL expire. */
  now: () => number = () => Date.now();
  /** A bucket policy letting anyone GET objects (what a CDN in front of the bucket reads through). */
  anonymousRead = false;
  private server: Server | null = null;

  constructor(
    readonly bucket = "pictura-test",
    readonly accessKeyId = "AKIAFAKEPICTURA",
    readonly secretAccessKey = "secret",
    /** The bucket's region; null accepts any region a signature names. */
    readonly region: string | null = null,
  ) {}

  get endpoint(): string {
    return loopbackOrigin(this.server, "S3");
  }

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const target = request.url ?? "/";
      const method = request.method ?? "GET";
      const path = decodeURIComponent(target.split("?")[0] ?? "/");
      const check: SignatureCheck = checkS3Signature({ method, target, headers: request.headers, body }, this, this.now());
      const anonymous = check.ok && check.auth === "anonymous";
      if (!check.ok || (anonymous && !(this.anonymousRead && method === "GET"))) {
        this.requests.push({ method, path, auth: "refused", code: check.ok ? "AccessDenied" : check.code });
        if (check.ok) sendError(response, 403, "AccessDenied", "Access Denied");
        else sendError(response, check.status, check.code, check.message, check.details);
        return;
      }
      this.requests.push({ method, path, auth: check.auth });
      const prefix = `/${this.bucket}/`;
      if (method === "GET" && (path === `/${this.bucket}` || path === prefix) && new URL(target, "http://s3").searchParams.get("list-type") === "2") {
        return this.list(response, new URL(target, "http://s3").searchParams);
      }
      if (!path.startsWith(prefix)) return sendError(response, 404, "NoSuchBucket", "The specified bucket does not exist");
      const key = path.slice(prefix.length);
      if (method === "PUT") {
        this.objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "application/octet-stream") });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (method === "HEAD") {
        // HeadObject: the object's headers, no body; a missing key is a bare 404.
        const object = this.objects.get(key);
        if (!object) return void response.writeHead(404).end();
        response.writeHead(200, { "content-type": object.contentType, "content-length": String(object.body.length) }).end();
      } else if (method === "GET") {
        const overrides = queryPairs(target).filter(([name]) => name in RESPONSE_OVERRIDES);
        if (anonymous && overrides.length > 0) {
          return sendError(response, 400, "InvalidRequest", "Request specific response headers cannot be used for anonymous GET requests.");
        }
        const object = this.objects.get(key);
        if (!object) return sendError(response, 404, "NoSuchKey", "The specified key does not exist.");
        const headers: Record<string, string> = { "content-type": object.contentType, "content-length": String(object.body.length) };
        for (const [name, value] of overrides) headers[RESPONSE_OVERRIDES[name]!] = value;
        response.writeHead(200, headers).end(object.body);
      } else if (method === "DELETE") {
        this.objects.delete(key);
        response.writeHead(204).end();
      } else {
        sendError(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
      }
    });
    await listenOnLoopback(this.server);
    return this;
  }

  /** ListObjectsV2: the keys under `prefix` in order, `max-keys` a page, continued by the last key given. */
  private list(response: ServerResponse, query: URLSearchParams): void {
    const prefix = query.get("prefix") ?? "";
    const max = Number(query.get("max-keys") ?? 1000);
    const after = query.get("continuation-token") ?? "";
    const keys = [...this.objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > page.length;
    const contents = page.map((key) => `<Contents><Key>${escapeXml(key)}</Key><Size>${this.objects.get(key)!.body.length}</Size></Contents>`).join("");
    const next = truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : "";
    response
      .writeHead(200, { "content-type": "application/xml" })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${this.bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      );
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}
