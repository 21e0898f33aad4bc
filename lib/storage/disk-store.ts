// Blobs on local disk (the default): one file per key under a root folder, written atomically.
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store";

function safeKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/i.test(key) || key.includes("..")) throw new Error(`Unsafe storage key ${key}`);
  return key;
}

export function diskStore(root: string): BlobStore {
  const fileFor = (key: string) => path.join(root, safeKey(key));
  return {
    name: "disk",
    async put(key, body, contentType) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, body);
      await writeFile(`${temporary}.type`, contentType);
      await rename(`${temporary}.type`, `${file}.type`);
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileFor(key);
      try {
        const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, "utf8")]);
        return { body, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(fileFor(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    async delete(key) {
      const file = fileFor(key);
      await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
    },
  };
}
