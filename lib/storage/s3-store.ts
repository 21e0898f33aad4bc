// Blobs in any S3-compatible object store (AWS S3, Cloudflare R2, MinIO…), signed with SigV4.
import "server-only";
import { AwsClient } from "aws4fetch";
import type { BlobStore } from "./blob-store";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), needed by MinIO and most non-AWS stores. */
  forcePathStyle: boolean;
}

export function s3Store(options: S3Options): BlobStore {
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: "s3" });
  const endpoint = new URL(options.endpoint);
  const urlFor = (key: string) => {
    const encoded = key.split("/").map(encodeURIComponent).join("/");
    return options.forcePathStyle ? `${endpoint.origin}/${options.bucket}/${encoded}` : `${endpoint.protocol}//${options.bucket}.${endpoint.host}/${encoded}`;
  };
  const fail = async (response: Response, action: string) => {
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
    async delete(key) {
      const response = await client.fetch(urlFor(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) await fail(response, "delete");
    },
  };
}
