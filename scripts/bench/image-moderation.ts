// What the workers' image check (lib/moderation/image.ts) costs: loading nsfwjs's MobileNetV2 model
// (once per worker process) and classifying a 1-megapixel result, decoding and scaling it included, as
// a job does. The budget is 150 ms a classification (the median of several runs after a first); a run
// over it fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { classifyImage, CONTENT_MODEL, loadContentModel, releaseContentModel } from "../../lib/moderation/image";

const BUDGET_MS = 150;

export interface ModerationMeasurement {
  loadMs: number;
  firstMs: number;
  medianMs: number;
  runs: number;
  withinBudget: boolean;
}

export async function measureImageModeration(root: string, runs: number): Promise<ModerationMeasurement> {
  const photo = readFileSync(path.join(root, "tests/fixtures/photos", "coffee.png"));
  const buffer = await sharp(photo).resize(1000, 1000).png().toBuffer();
  const image = { buffer, contentType: "image/png", width: 1000, height: 1000 };
  const loadStarted = performance.now();
  await loadContentModel();
  const loadMs = performance.now() - loadStarted;
  const times: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    const started = performance.now();
    await classifyImage(image);
    times.push(performance.now() - started);
  }
  await releaseContentModel();
  const [firstMs, ...rest] = times;
  const medianMs = rest.sort((a, b) => a - b)[Math.floor(rest.length / 2)] ?? firstMs!;
  return { loadMs, firstMs: firstMs!, medianMs, runs: rest.length, withinBudget: medianMs <= BUDGET_MS };
}

export function printModerationLine(measurement: ModerationMeasurement): void {
  console.log(
    `\nImage moderation (${CONTENT_MODEL}, budget ${BUDGET_MS} ms for a 1-MP image): model load ${measurement.loadMs.toFixed(0)} ms; ` +
      `classify ${measurement.medianMs.toFixed(0)} ms (median of ${measurement.runs} after a first of ${measurement.firstMs.toFixed(0)} ms).`,
  );
}
