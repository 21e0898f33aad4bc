// The product photo call with the user's own placement: the product moved by a share of the canvas
// and scaled from its fitting size lands where the screen's preview showed it (the same
// productPlacement), the recipe keeps the placement, and placements out of range are refused with a
// 400 before any charge.
import sharp from "sharp";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, dataUrl, fetchFile, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { photoToolRoute } from "./photo-tool-route";

const productPhoto = photoToolRoute("product-photo");

// The cutout model loads on first use and the machine may be busy.
jest.setTimeout(300_000);

withImageWorker();

const CANVAS = 400;

/** Where the non-white product sits on a white canvas, found by trimming the white away. */
async function productBox(url: string, cookie: string) {
  const file = await fetchFile(url, cookie);
  expect(file.status).toBe(200);
  const { info } = await sharp(Buffer.from(await file.arrayBuffer()))
    .trim({ background: "#ffffff", threshold: 10 })
    .toBuffer({ resolveWithObject: true });
  return { left: -(info.trimOffsetLeft ?? 0), top: -(info.trimOffsetTop ?? 0), width: info.width, height: info.height };
}

async function make(cookie: string, image: string, placement: Record<string, number>) {
  const response = await productPhoto(
    apiRequest("POST", "/api/product-photo", { cookie, body: { image, preset: "custom", width: CANVAS, height: CANVAS, margin: 10, ...placement } }),
  );
  expect(response.status).toBe(200);
  const body = await response.json();
  return { operationId: body.operationId as string, box: await productBox(body.result.sample, cookie) };
}

describe("POST /api/product-photo with a placement", () => {
  it("moves and scales the product as asked, and records the placement", async () => {
    const { cookie } = await signedInUser({ credits: 10 });
    const image = dataUrl(await sharp(photo("coffee.png")).resize(240, 160).png().toBuffer());
    const centred = (await make(cookie, image, {})).box;
    const moved = await make(cookie, image, { offsetX: -20, offsetY: 15, scale: 0.5 });

    // Half the fitting size, about.
    expect(Math.abs(moved.box.width - centred.width / 2)).toBeLessThanOrEqual(3);
    expect(Math.abs(moved.box.height - centred.height / 2)).toBeLessThanOrEqual(3);
    // Its centre moved 20 % of the canvas to the left and 15 % down.
    const centre = (box: typeof centred) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    expect(Math.abs(centre(moved.box).x - (centre(centred).x - 0.2 * CANVAS))).toBeLessThanOrEqual(3);
    expect(Math.abs(centre(moved.box).y - (centre(centred).y + 0.15 * CANVAS))).toBeLessThanOrEqual(3);

    const operation = await db.operation.findUniqueOrThrow({ where: { id: moved.operationId } });
    expect(operation.params).toMatchObject({ offsetX: -20, offsetY: 15, productScale: 0.5 });
  });

  it.each([
    [
      "an offset past half the canvas",
      { offsetX: 60 },
      "The product can be moved at most 50 % of the canvas from the centre (offsetX and offsetY from -50 to 50).",
    ],
    [
      "an offset that is not a number",
      { offsetY: "up" },
      "The product can be moved at most 50 % of the canvas from the centre (offsetX and offsetY from -50 to 50).",
    ],
    ["a scale too small", { scale: 0.1 }, "The product's scale must be from 0.25 to 2 (1 fits it inside the margin)."],
    ["a scale too large", { scale: 3 }, "The product's scale must be from 0.25 to 2 (1 fits it inside the margin)."],
  ])("refuses %s with 400 before any charge", async (_label, placement, message) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const image = dataUrl(await sharp(photo("coffee.png")).resize(60, 40).png().toBuffer());
    const response = await productPhoto(apiRequest("POST", "/api/product-photo", { cookie, body: { image, preset: "amazon", ...placement } }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });
});
