// The operator console in a real browser. An account made admin with `npm run admin -- grant` is sent
// from /admin to turn on two-step sign-in, signs in again with a code, finds a user by e-mail, grants
// them 25 credits and suspends them, each with a reason; that user's next sign-in is refused with the
// reason, and the queue view opens. On the review screen they approve one flagged result and remove
// another, whose picture is then gone for its owner, who is mailed why. Guests and users get a 404.
// On a desktop and on a 320 px phone; every console page's heading in each of the six languages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { Client } from "pg";
import { locales } from "../../lib/i18n/locales";
import { E2E_DATABASE_URL } from "../setup/test-env";
import { adminWithSecondFactor, convertedResult, expectNoSidewaysScroll, signInWithPassword } from "./console-admin";
import { DESKTOP_AND_PHONE, signUpOnAuthScreen } from "./helpers";
import { waitForMail } from "./mail";

/**
 * A conversion the signed-in user runs, then flagged as the worker's image check leaves a result under
 * MODERATION=flag (no explicit picture is needed for that): its scores kept, its review pending.
 */
async function flaggedConversion(page: Page, colour: string): Promise<{ operationId: string; fileUrl: string }> {
  const fileUrl = await convertedResult(page, colour);
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    const scores = {
      model: "nsfwjs MobileNetV2",
      threshold: 0.85,
      mode: "flag",
      inputs: [{ Drawing: 0.01, Hentai: 0.01, Neutral: 0.9, Porn: 0.05, Sexy: 0.03 }],
      result: { Drawing: 0.01, Hentai: 0.04, Neutral: 0.02, Porn: 0.9, Sexy: 0.03 },
    };
    const { rows } = await client.query<{ id: string }>(
      `UPDATE "operations" SET "reviewStatus" = 'pending', "contentScores" = $1 WHERE "resultFileId" = $2 RETURNING "id"`,
      [JSON.stringify(scores), fileUrl.split("/").pop()],
    );
    expect(rows).toHaveLength(1);
    return { operationId: rows[0]!.id, fileUrl };
  } finally {
    await client.end();
  }
}

for (const [label, viewport] of DESKTOP_AND_PHONE) {
  test.describe(label, () => {
    test.use({ viewport });

    test("an admin with a code finds a user, grants 25 credits and suspends them; the user's next sign-in is refused", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const userContext = await browser.newContext({ viewport });
      const userPage = await userContext.newPage();
      const user = await signUpOnAuthScreen(userPage);
      expect((await userPage.goto("/admin"))?.status()).toBe(404);

      await adminWithSecondFactor(page);
      await expect(page.getByTestId("figure-signups")).toBeVisible();
      await expect(page.getByTestId("daily-chart").first().locator("canvas").first()).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);

      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Users" }).click();
      await page.getByRole("searchbox", { name: "E-mail, account id or Stripe customer id" }).fill(user.email);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: user.email }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
      const credits = page.getByTestId("user-credits");
      const before = Number((await credits.innerText()).replace(/\D/g, ""));

      await page.getByRole("button", { name: "Grant credits" }).click();
      const grant = page.getByRole("dialog", { name: "Grant credits" });
      await grant.getByLabel("Credits").fill("25");
      await grant.getByLabel("Reason").fill("goodwill");
      await grant.getByRole("button", { name: "Grant credits" }).click();
      await expect(grant.getByText("Give a reason of at least 10 characters.")).toBeVisible();
      await grant.getByLabel("Reason").fill("Goodwill after the failed batch on Friday");
      await grant.getByRole("button", { name: "Grant credits" }).click();
      await expect(grant).toBeHidden();
      await expect(credits).toHaveText(String(before + 25));

      await page.getByRole("button", { name: "Suspend" }).click();
      const suspend = page.getByRole("dialog", { name: "Suspend" });
      await suspend.getByLabel("Category").selectOption("abuse");
      await suspend.getByLabel("Reason").fill("Uploads that break the terms, reported twice");
      await suspend.getByRole("button", { name: "Suspend" }).click();
      await expect(suspend).toBeHidden();
      await expect(page.getByTestId("suspension")).toContainText("Uploads that break the terms, reported twice");
      await expectNoSidewaysScroll(page, viewport.width);

      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByText("Goodwill after the failed batch on Friday").first()).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);

      // The suspension ended the user's session; signing in again is refused, saying why.
      await signInWithPassword(userPage, user);
      await expect(userPage.getByText(/This account is suspended \(abuse\)/).first()).toBeVisible();
      await userContext.close();

      await page.goto("/admin/queue");
      await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
      await expect(page.getByText("Monitor your pg-boss job queues")).toBeVisible();
    });

    test("an admin approves one flagged result and removes another; the removed picture is gone and its owner is told why", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const userContext = await browser.newContext({ viewport });
      const userPage = await userContext.newPage();
      const user = await signUpOnAuthScreen(userPage);
      const kept = await flaggedConversion(userPage, "#3366aa");
      const removed = await flaggedConversion(userPage, "#aa3366");

      await adminWithSecondFactor(page);
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Review" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Content review" })).toBeVisible();
      const card = (operationId: string) => page.locator(`[data-testid="review-item"][data-operation-id="${operationId}"]`);
      const keptCard = card(kept.operationId);
      await expect(keptCard).toContainText(user.email);
      await expect(keptCard.getByTestId("explicit-score").first()).toContainText("94");
      // The picture comes through the console's gate and loads.
      const picture = keptCard.getByRole("img", { name: `Flagged result of operation ${kept.operationId}` });
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
      await expectNoSidewaysScroll(page, viewport.width);

      await keptCard.getByRole("button", { name: "Approve" }).click();
      const approve = page.getByRole("dialog", { name: "Approve" });
      await approve.getByLabel("Reason").fill("A beach photo, within the terms of use");
      await approve.getByRole("button", { name: "Approve" }).click();
      await expect(approve).toBeHidden();
      await expect(keptCard).toBeHidden();

      await card(removed.operationId).getByRole("button", { name: "Remove" }).click();
      const remove = page.getByRole("dialog", { name: "Remove" });
      await remove.getByLabel("Ground", { exact: true }).selectOption("sexual_content");
      await remove.getByLabel("Reason").fill("Explicit picture, confirmed by the reviewer");
      await remove.getByRole("button", { name: "Remove" }).click();
      await expect(remove).toBeHidden();
      await expect(card(removed.operationId)).toBeHidden();

      await page.getByLabel("Show", { exact: true }).selectOption("removed");
      await expect(card(removed.operationId)).toContainText("Removed");
      await page.getByLabel("Show", { exact: true }).selectOption("approved");
      await expect(keptCard).toContainText("Approved");
      await expectNoSidewaysScroll(page, viewport.width);

      // Hidden from its owner too; the approved one stays.
      expect((await userPage.request.get(removed.fileUrl)).status()).toBe(404);
      expect((await userPage.request.get(kept.fileUrl)).status()).toBe(200);
      const mail = await waitForMail(user.email, /We removed one of your Pictura images/);
      expect(mail.text).toContain(removed.operationId);
      expect(mail.text).toContain("Explicit picture, confirmed by the reviewer");
      await userContext.close();
    });
  });
}

type Messages = { Admin: Record<string, string> };
const messagesOf = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Messages;

test("every console page shows its heading in each language, is not indexed, and is a 404 for a guest", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const guest = await browser.newContext();
  for (const address of ["/admin", "/es/admin/users", "/admin/operations", "/ja/admin/audit", "/de/admin/review", "/fr/admin/reports"])
    expect((await guest.request.get(address)).status()).toBe(404);
  await guest.close();
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain("/admin");

  await adminWithSecondFactor(page);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex, nofollow/);
  const { id } = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  const pages = [
    ["/admin", "overviewTitle"],
    ["/admin/users", "usersTitle"],
    [`/admin/users/${id}`, "userTitle"],
    ["/admin/operations", "operationsTitle"],
    ["/admin/audit", "auditTitle"],
    ["/admin/review", "reviewTitle"],
    ["/admin/reports", "reportsTitle"],
  ] as const;
  for (const locale of locales) {
    const { Admin } = messagesOf(locale);
    for (const [address, title] of pages) {
      await page.goto(locale === "en" ? address : `/${locale}${address}`);
      await expect(page.getByRole("heading", { level: 1, name: Admin[title] })).toBeVisible();
    }
  }
});
