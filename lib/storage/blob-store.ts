// Where file bytes live: one small interface, with local disk and S3-compatible implementations.
export interface StoredBlob {
  body: Buffer;
  contentType: string;
}

/** A time-limited address a browser may read one object from, with the headers it should get. */
export interface SignedReadOptions {
  expiresInSeconds: number;
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
}

export interface BlobStore {
  name: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  /** Whether the key holds a blob, without reading it. */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Only stores a browser can reach themselves have it (S3); disk files are streamed by the app. */
  signedReadUrl?(key: string, options: SignedReadOptions): Promise<string>;
}
