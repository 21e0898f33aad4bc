// Where file bytes live: one small interface, with local disk and S3-compatible implementations.
export interface StoredBlob {
  body: Buffer;
  contentType: string;
}

export interface BlobStore {
  name: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}
