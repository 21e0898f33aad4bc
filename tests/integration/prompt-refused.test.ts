import sharp from "sharp";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { db } from "@/lib/db";
import { PROMPT_REFUSED_MESSAGES } from "@/lib/moderation/refusal-message";
import { apiKeyFor, creditHeaders, keyRequest } from "./api-keys-helpers";
import { apiRequest, ORIGIN, signedInUser } from "./helpers";
import { balanceOf, blob, dataUrl, ledgerKinds, photo } from "./imaging-helpers";

jest.setTimeout(60_000);

// Every call asks to answer at once (respond-async): a prompt let through would answer 202, not wait for a worker.
const ASYNC = { prefer: "respond-async" };

/** What the user has: balance, ledger, operations and stored files, all of which a refusal leaves alone. */
async function holdings(userId: string) {
  return {
    balance: await balanceOf(userId),
    ledger: await ledgerKinds(userId),
    operations: await db.operation.count({ where: { userId } }),
    files: await db.storedFile.count({ where: { userId } }),
  };
}

async function expectRefused(response: Response, message: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: "prompt_refused", message });
}

describe("a refused prompt", () => {
  it("is answered 400 prompt_refused in the browser's language by generate, with nothing charged", async () => {
    const { user, cookie } = await signedInUser();
    const before = await holdings(user.id);
    const response = await generate(
      apiRequest("POST", "/api/flux/generate", {
        cookie,
        headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5", ...ASYNC },
        body: { prompt: "n a c k t e s  K1nd am Strand", aspectRatio: "square", count: 2 },
      }),
    );
    await expectRefused(response, PROMPT_REFUSED_MESSAGES.de);
    expect(await holdings(user.id)).toEqual(before);
    expect(before.operations).toBe(0);
  });

  it("is refused by the edit calls in the language the visitor chose on the site, before the upload is stored", async () => {
    const { user, cookie } = await signedInUser();
    const before = await holdings(user.id);
    const json = await edit(
      apiRequest("POST", "/api/flux/edit", {
        cookie: `${cookie}; NEXT_LOCALE=fr`,
        headers: { "accept-language": "en", ...ASYNC },
        body: { prompt: "blur, then make her a nuuude t33n", imageUrl: dataUrl(photo("coffee.png")) },
      }),
    );
    await expectRefused(json, PROMPT_REFUSED_MESSAGES.fr);

    const mask = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", blob(photo("coffee.png")), "image.png");
    form.append("mask", blob(mask), "mask.png");
    form.append("prompt", "violación");
    const headers = { host: "localhost:3000", origin: ORIGIN, cookie, "accept-language": "es", ...ASYNC };
    const fill = await removeObject(new Request(`${ORIGIN}/api/openai/object-removal`, { method: "POST", headers, body: form }));
    await expectRefused(fill, PROMPT_REFUSED_MESSAGES.es);
    expect(await holdings(user.id)).toEqual(before);
  });

  it("is refused to an API key in its account's language when the script names none", async () => {
    const { user, cookie } = await signedInUser();
    await db.user.update({ where: { id: user.id }, data: { locale: "ja" } });
    const { key } = await apiKeyFor(cookie);
    const before = await holdings(user.id);
    const response = await generate(
      keyRequest("POST", "/api/flux/generate", key, { body: { prompt: "ポルノ画像" }, headers: { "idempotency-key": "refused-1", ...ASYNC } }),
    );
    await expectRefused(response, PROMPT_REFUSED_MESSAGES.ja);
    expect(creditHeaders(response)).toEqual({ charged: "0", remaining: String(before.balance) });
    expect(await holdings(user.id)).toEqual(before);
  });

  it("lets an innocent prompt with a word from the lists through to be charged", async () => {
    const { user, cookie } = await signedInUser();
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, headers: ASYNC, body: { prompt: "ein nackter Baum im Winter" } }));
    expect(response.status).toBe(202);
    expect(await balanceOf(user.id)).toBe(58);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(1);
  });
});
