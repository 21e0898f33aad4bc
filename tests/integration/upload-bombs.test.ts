// Uploads built to make the web tier work without end: a guest's PNG whose compressed XMP inflates to
// a gigabyte must not stall the server for anyone else, and a guest with an operation running is
// turned away before its upload is stored or read for location.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { POST as convert } from "@/app/api/convert-image/route";
import { GET as billingMode } from "@/app/api/billing/mode/route";
import { db } from "@/lib/db";
import { pngChunks } from "@/lib/imaging/metadata/containers";
import { withoutLocation } from "@/lib/imaging/metadata/strip-location";
import { sha256Of } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { xmpBombPng } from "../fixtures/png-bombs";
import { apiRequest, uniqueIp } from "./helpers";

jest.setTimeout(60_000);

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

/** How long a light call waits, in ms, while `work` runs: the wait every other visitor would see. */
async function lightCallLatencyDuring(work: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let running = true;
  const done = work.finally(() => (running = false));
  while (running) {
    const started = performance.now();
    await billingMode(apiRequest("GET", "/api/billing/mode"));
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await done;
  return latencies;
}

describe("a guest's compressed-XMP bomb", () => {
  it("is stored without its unreadable XMP, and other calls stay under 300 ms while it is read", async () => {
    const bomb = await xmpBombPng({ chunks: 8, inflatedBytes: 256 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const body = { image: dataUrl(bomb), format: "webp", quality: 80 };
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const upload = convert(apiRequest("POST", "/api/convert-image", { body, ip: uniqueIp(), headers: { prefer: "respond-async" } }));
    const latencies = await lightCallLatencyDuring(upload);
    stalls.disable();
    const response = await upload;
    expect(response.status).toBe(202);
    expect(Math.max(...latencies)).toBeLessThan(300);
    expect(stalls.max / 1e6).toBeLessThan(300);

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
