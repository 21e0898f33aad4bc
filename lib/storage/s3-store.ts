// Blobs in any S3-compatible object store (AWS S3, Cloudflare R2, MinIO…), signed with SigV4.
import "server-only";
import { AwsClient } from "aws4fetch";
import type { BlobStore } from "./blob-store";
import { prefixedKey, s3ObjectUrl, type S3Options } from "./s3-config";

export function s3Store(options: S3Options): BlobStore {
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: "s3" });
  const urlFor = (key: string) => s3ObjectUrl(options, prefixedKey(options.prefix, key));
  const fail = async (response: { status: number; text(): Promise<string> }, action: string) => {
    throw new Error(`S3 ${action} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
  return {
    name: "s3",
    async put(key, body, contentType) {
      const response = await client.fetch(urlFor(key), { method: "PUT", body: new Uint8Array(body), headers: { "content-type": contentType } });
      if (!response.ok) await fail(response, "upload");
    },
    async get(key) {
      const response = await client.fetch(urlFor(key), { method: "GET" });
      if (response.status === 404) return null;
      if (!response.ok) await fail(response, "download");
      return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async has(key) {
      const response = await client.fetch(urlFor(key), { method: "HEAD" });
      if (response.status === 404) return false;
      if (!response.ok) await fail(response, "look-up");
      return true;
    },
    async delete(key) {
      const response = await client.fetch(urlFor(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) await fail(response, "delete");
    },
    // A presigned GET (SigV4 in the query string): the signature covers the response-* overrides,
    // so nobody holding the address can change the type or disposition S3 answers with.
    async signedReadUrl(key, { expiresInSeconds, contentType, contentDisposition, cacheControl }) {
      const url = new URL(urlFor(key));
      url.searchParams.set("X-Amz-Expires", String(expiresInSeconds));
      url.searchParams.set("response-content-type", contentType);
      url.searchParams.set("response-content-disposition", contentDisposition);
      url.searchParams.set("response-cache-control", cacheControl);
      const signed = await client.sign(url, { method: "GET", aws: { signQuery: true } });
      return signed.url;
    },
  };
}
