// Uploads built to make the web tier work without end: a guest's PNG whose compressed XMP inflates to
// a gigabyte must not stall the server for anyone else, and a guest with an operation running is
// turned away before its upload is stored or read for location.
import * as zlib from "node:zlib";
import { POST as convert } from "@/app/api/convert-image/route";
import { db } from "@/lib/db";
import { pngChunks } from "@/lib/imaging/metadata/containers";
import { withoutLocation } from "@/lib/imaging/metadata/strip-location";
import { sha256Of } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { xmpBombPng } from "../fixtures/png-bombs";
import { apiRequest, uniqueIp } from "./helpers";

jest.setTimeout(60_000);

// Every decompression the upload path makes, to weigh the work it does: bounded work, not a stopwatch,
// is what keeps the server free for everyone else on any machine.
jest.mock("node:zlib", () => {
  const actual = jest.requireActual<typeof import("node:zlib")>("node:zlib");
  return { ...actual, inflateSync: jest.fn(actual.inflateSync) };
});
const inflateSync = zlib.inflateSync as unknown as jest.Mock<Buffer, Parameters<typeof zlib.inflateSync>>;

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

describe("a guest's compressed-XMP bomb", () => {
  it("is stored without its unreadable XMP, after at most 2 MB of decompression for all of its gigabytes", async () => {
    const bomb = await xmpBombPng({ chunks: 8, inflatedBytes: 256 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const body = { image: dataUrl(bomb), format: "webp", quality: 80 };
    inflateSync.mockClear();
    const response = await convert(apiRequest("POST", "/api/convert-image", { body, ip: uniqueIp(), headers: { prefer: "respond-async" } }));
    expect(response.status).toBe(202);
    // Each call asked for a capped output, and all of them together stayed within the file's budget.
    expect(inflateSync).toHaveBeenCalled();
    for (const [, options] of inflateSync.mock.calls) expect(options?.maxOutputLength).toBeLessThanOrEqual(1024 * 1024);
    const inflated = inflateSync.mock.results.reduce((sum, result) => sum + (result.type === "return" ? (result.value as Buffer).length : 0), 0);
    expect(inflated).toBeLessThanOrEqual(2 * 1024 * 1024);

    const { operationId } = await response.json();
    const input = await db.operationInput.findFirstOrThrow({ where: { operationId }, include: { file: true } });
    const stored = await blobStore().get(input.file!.storageKey);
    const chunks = pngChunks(stored!.body)!;
    expect(chunks.filter((chunk) => chunk.type === "iTXt")).toHaveLength(0);
    expect(chunks.some((chunk) => chunk.type === "IDAT")).toBe(true);
  });

  it("is refused before it is stored when the guest already has an operation running", async () => {
    const ip = uniqueIp();
    const small = await xmpBombPng({ chunks: 1, inflatedBytes: 1024 });
    const first = await convert(
      apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(small), format: "webp" }, ip, headers: { prefer: "respond-async" } }),
    );
    expect(first.status).toBe(202);
    const bomb = await xmpBombPng({ chunks: 4, inflatedBytes: 256 * 1024 * 1024 });
    const storedCopies = () => db.storedFile.count({ where: { sha256: sha256Of(withoutLocation(bomb, "image/png")) } });
    const filesBefore = await storedCopies();
    const second = await convert(
      apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(bomb), format: "webp" }, ip, headers: { prefer: "respond-async" } }),
    );
    expect(second.status).toBe(429);
    expect((await second.json()).error).toBe("operation_in_progress");
    expect(await storedCopies()).toBe(filesBefore);
  });
});
