// What signed Content Credentials cost a 1-megapixel PNG and JPEG result (lib/provenance/c2pa-sign.ts):
// the time to write and sign the manifest (first call, loading the C2PA library, and the median after)
// and the bytes it adds. The budget is 100 ms and 40 kB a result; a run over it fails. The ingredient is
// a 1-MP upload without credentials of its own, looked through for them as the worker does (an upload's
// own manifests, when it has some, are carried as they are and add their own size).
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { certificatesOf, makeInstallationIdentity } from "../../lib/provenance/c2pa-identity";
import { signContentCredentials, type C2paFormat } from "../../lib/provenance/c2pa-sign";

const BUDGET_MS = 100;
const BUDGET_BYTES = 40_000;

export interface CredentialsMeasurement {
  format: C2paFormat;
  firstMs: number;
  medianMs: number;
  addedBytes: number;
  withinBudget: boolean;
}

export async function measureContentCredentials(root: string, runs: number): Promise<CredentialsMeasurement[]> {
  const made = await makeInstallationIdentity("Bench");
  const identity = { privateKey: createPrivateKey(made.privateKeyPem), chain: certificatesOf(made.certificatePem), installationRoot: null };
  const photo = readFileSync(path.join(root, "tests/fixtures/photos", "coffee.png"));
  const measurements: CredentialsMeasurement[] = [];
  for (const format of ["png", "jpeg"] as const) {
    const bytes = await sharp(photo).resize(1000, 1000).toFormat(format).toBuffer();
    const credentials = {
      ingredient: { title: `upload.${format}`, format: `image/${format}`, sha256: "0".repeat(64), file: { bytes, format } },
      actions: [
        { action: "c2pa.opened" as const, softwareAgent: { name: "Pictura", version: "bench" } },
        {
          action: "c2pa.edited" as const,
          digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia",
          softwareAgent: { name: "Pictura (flux flux-kontext-pro)", version: "bench" },
        },
      ],
    };
    const times: number[] = [];
    let addedBytes = 0;
    for (let run = 0; run <= runs; run += 1) {
      const started = performance.now();
      const signed = await signContentCredentials(bytes, format, credentials, identity);
      times.push(performance.now() - started);
      addedBytes = signed.length - bytes.length;
    }
    const [firstMs, ...rest] = times;
    const medianMs = rest.sort((a, b) => a - b)[Math.floor(rest.length / 2)] ?? firstMs!;
    measurements.push({ format, firstMs: firstMs!, medianMs, addedBytes, withinBudget: medianMs <= BUDGET_MS && addedBytes <= BUDGET_BYTES });
  }
  return measurements;
}

export function printCredentialsTable(measurements: CredentialsMeasurement[]): void {
  console.log(`\nContent Credentials on a 1-MP result (budget ${BUDGET_MS} ms, ${BUDGET_BYTES / 1000} kB):\n`);
  console.log("format | first ms | median ms | added bytes");
  console.log("-------|----------|-----------|------------");
  for (const entry of measurements) {
    console.log(
      `${entry.format.padEnd(7)}| ${entry.firstMs.toFixed(0).padStart(8)} | ${entry.medianMs.toFixed(1).padStart(9)} | ${String(entry.addedBytes).padStart(11)}`,
    );
  }
}
