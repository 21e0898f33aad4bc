// A fake S3-compatible object store on 127.0.0.1 (path-style: /{bucket}/{key}) that checks each
// request carries a SigV4 signature for the expected access key, as MinIO or S3 would.
import { createServer, type Server } from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  readonly requests: { method: string; path: string }[] = [];
  private server: Server | null = null;

  constructor(
    readonly bucket = "pictura-test",
    readonly accessKeyId = "AKIAFAKEPICTURA",
  ) {}

  get endpoint(): string {
    return loopbackOrigin(this.server, "S3");
  }

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
      this.requests.push({ method: request.method ?? "GET", path });
      const authorization = request.headers.authorization ?? "";
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${this.accessKeyId}/`) || !request.headers["x-amz-date"]) {
        response.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>AccessDenied</Code></Error>");
        return;
      }
      const prefix = `/${this.bucket}/`;
      if (!path.startsWith(prefix)) {
        response.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchBucket</Code></Error>");
        return;
      }
      const key = path.slice(prefix.length);
      if (request.method === "PUT") {
        this.objects.set(key, { body: Buffer.concat(chunks), contentType: String(request.headers["content-type"] ?? "application/octet-stream") });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (request.method === "GET") {
        const object = this.objects.get(key);
        if (!object) response.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
        else response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length }).end(object.body);
      } else if (request.method === "DELETE") {
        this.objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
    await listenOnLoopback(this.server);
    return this;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}
