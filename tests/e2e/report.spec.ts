// /report in a real browser, in each of the six languages, on a desktop and on a 320 px phone: opened
// with ?url= as a share page's "Report" link opens it, the address is filled in; sending it without
// the rest names each problem beside its field in the page's language; a filled-in report is
// confirmed with its reference, fits the screen, and its receipt arrives in the reporter's language.
// Those reports name a file address of this site (a stored file row written here). Then the whole
// notice-and-action path: an owner shares a result from its Share dialog, another browser opens the
// link, sees the picture and reports it from the page's Report link, an admin removes it from the console's
// Reports screen, the link answers 404, the owner's statement of reasons arrives with its appeal link,
// the owner appeals once, and the admin's reversal brings the link back.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { E2E_DATABASE_URL } from "../setup/test-env";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import ja from "../../messages/ja.json";
import zh from "../../messages/zh.json";
import { adminWithSecondFactor, expectNoSidewaysScroll } from "./console-admin";
import { DESKTOP_AND_PHONE, signUpOnAuthScreen } from "./helpers";
import { waitForMail } from "./mail";

const MESSAGES = { en, es, fr, de, zh, ja };

async function onDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A stored file's address: the row alone, as a report only needs something of ours to name. */
async function storedFileAddress(baseURL: string): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await onDatabase((client) =>
    client.query(`INSERT INTO "stored_files" ("id", "storageKey", "contentType", "byteSize") VALUES ($1, $2, 'image/png', 68)`, [id, `images/e2e/${id}.png`]),
  );
  return `${baseURL}/api/files/${id}`;
}

test.beforeEach(async () => {
  // Every test here reports from the same address; each starts with that address's allowance whole.
  await onDatabase((client) => client.query(`DELETE FROM "rate_limit_buckets" WHERE "key" LIKE 'report:%'`));
});

for (const [locale, messages] of Object.entries(MESSAGES)) {
  const t = messages.Report;
  for (const [screenName, viewport] of DESKTOP_AND_PHONE) {
    test(`a visitor reports a file address in ${locale} ${screenName}`, async ({ page, baseURL }) => {
      await page.setViewportSize(viewport);
      const address = await storedFileAddress(baseURL!);
      const prefix = locale === "en" ? "" : `/${locale}`;
      await page.goto(`${prefix}/report?url=${encodeURIComponent(address)}`);
      await expect(page).toHaveTitle(new RegExp(t.metaTitle));
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const url = page.getByLabel(t.urlLabel);
      await expect(url).toHaveValue(address);

      await page.getByRole("button", { name: t.send }).click();
      await expect(page.getByLabel(t.categoryLabel)).toHaveAccessibleDescription(t.errors.categoryMissing);
      await expect(page.getByTestId("report-form").getByRole("checkbox")).toHaveAccessibleDescription(t.errors.goodFaithMissing);
      await expect(page.getByLabel(t.categoryLabel)).toBeFocused();

      const email = `reporter-${locale}-${randomBytes(4).toString("hex")}@example.com`;
      await page.getByLabel(t.categoryLabel).selectOption("intellectual_property");
      await page.getByLabel(t.explanationLabel).fill("This picture copies my photograph without my permission.");
      await page.getByLabel(t.nameLabel).fill("Ada Lovelace");
      await page.getByLabel(t.emailLabel).fill(email);
      await page.getByTestId("report-form").getByRole("checkbox").check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole("button", { name: t.send }).click();

      const sent = page.getByTestId("report-sent");
      await expect(sent.getByRole("heading", { name: t.sentTitle })).toBeVisible();
      await expect(sent).toContainText(t.sentMailed);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const reference = await onDatabase(async (client) => {
        const rows = await client.query<{ id: string; locale: string }>(`SELECT "id", "locale" FROM "reports" WHERE "reporterEmail" = $1`, [email]);
        return rows.rows;
      });
      expect(reference).toEqual([{ id: expect.any(String), locale }]);
      await expect(sent).toContainText(reference[0]!.id);
      const receipt = await waitForMail(email, new RegExp(messages.Mail.reportReceiptSubject));
      expect(receipt.text).toContain(address);
    });
  }
}

test("an address of another site is refused beside the address field", async ({ page }) => {
  await page.goto("/report?url=https%3A%2F%2Felsewhere.example%2Fpicture.png");
  await page.getByLabel(en.Report.categoryLabel).selectOption("other");
  await page.getByLabel(en.Report.explanationLabel).fill("Someone posted this somewhere else.");
  await page.getByLabel(en.Report.nameLabel).fill("Ada Lovelace");
  await page.getByLabel(en.Report.emailLabel).fill("ada@example.com");
  await page.getByTestId("report-form").getByRole("checkbox").check();
  await page.getByRole("button", { name: en.Report.send }).click();
  await expect(page.getByLabel(en.Report.urlLabel)).toHaveAccessibleDescription(new RegExp(en.Report.errors.report_address_not_ours));
  await expect(page.getByTestId("report-sent")).toHaveCount(0);
});

for (const [screenName, viewport] of DESKTOP_AND_PHONE) {
  test(`a user shares a result, another browser reports it, an admin removes it ${screenName}: the link answers 404, the owner is mailed why and appeals once, and a reversal brings it back`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    // The owner makes a picture in the editor and shares it from the result's Share dialog.
    const ownerContext = await browser.newContext({ viewport });
    const ownerPage = await ownerContext.newPage();
    const owner = await signUpOnAuthScreen(ownerPage);
    await ownerPage.getByLabel("Describe the image").fill("a lighthouse on a cliff at dawn");
    await ownerPage.getByRole("button", { name: "Generate", exact: true }).click();
    // The app server's one image worker may be busy with another file's work first.
    await expect(ownerPage.getByTestId("result-image")).toBeVisible({ timeout: 90_000 });
    await ownerPage.getByRole("button", { name: en.Imaging.share, exact: true }).click();
    const shareDialog = ownerPage.getByRole("dialog", { name: en.Imaging.shareTitle });
    await shareDialog.getByLabel(en.Imaging.shareCaption).fill("Dawn at the lighthouse");
    await shareDialog.getByRole("button", { name: en.Imaging.shareCreate }).click();
    const shareAddress = await shareDialog.getByTestId("share-link").getByRole("textbox").inputValue();
    expect(shareAddress).toMatch(/\/s\/[\w-]{22,}$/);
    await shareDialog.getByRole("button", { name: en.Imaging.shareDone }).click();

    // Another browser opens the link: the picture and its caption, and a way to report it.
    const visitor = await browser.newContext({ viewport });
    const reporter = await visitor.newPage();
    await reporter.goto(shareAddress);
    await expect(reporter.getByRole("heading", { level: 1, name: "Dawn at the lighthouse" })).toBeVisible();
    const shared = reporter.getByRole("img", { name: "Dawn at the lighthouse" });
    await expect.poll(() => shared.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expectNoSidewaysScroll(reporter, viewport.width);
    await reporter.getByRole("link", { name: en.Share.report }).click();
    await expect(reporter.getByLabel(en.Report.urlLabel)).toHaveValue(shareAddress);
    const reporterEmail = `reporter-${randomBytes(4).toString("hex")}@example.com`;
    await reporter.getByLabel(en.Report.categoryLabel).selectOption("illegal");
    await reporter.getByLabel(en.Report.explanationLabel).fill("This picture shows a forged identity document.");
    await reporter.getByLabel(en.Report.nameLabel).fill("Ada Lovelace");
    await reporter.getByLabel(en.Report.emailLabel).fill(reporterEmail);
    await reporter.getByTestId("report-form").getByRole("checkbox").check();
    await reporter.getByRole("button", { name: en.Report.send }).click();
    await expect(reporter.getByTestId("report-sent")).toBeVisible();

    // The admin removes it from the Reports screen, with the picture in view.
    await adminWithSecondFactor(page);
    await page.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const card = page.locator(`[data-testid="report-item"]`, { hasText: shareAddress });
    await expect(card).toContainText("This picture shows a forged identity document.");
    await expect(card).toContainText(owner.email);
    await expectNoSidewaysScroll(page, viewport.width);
    const picture = card.getByRole("img");
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await card.getByRole("button", { name: "Remove" }).click();
    const remove = page.getByRole("dialog", { name: "Remove" });
    await expect(remove.getByLabel("Rule applied")).toHaveValue("illegal");
    await remove.getByLabel("Reason").fill("A forged document, confirmed by the on-call reviewer");
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect(remove).toBeHidden();
    await expect(card).toBeHidden();

    expect((await visitor.request.get(shareAddress)).status()).toBe(404);
    const outcome = await waitForMail(reporterEmail, /The outcome of your report/);
    expect(outcome.text).toContain("removed the content");
    const statement = await waitForMail(owner.email, /We removed content you shared on Pictura/);
    expect(statement.text).toContain(shareAddress);
    expect(statement.text).toContain("A forged document, confirmed by the on-call reviewer");
    expect(statement.text).toContain("no automated means");
    const appealLink = /https?:\/\/\S+\/appeal\/[\w-]+/.exec(statement.text ?? "")![0];

    // The owner appeals once; the link then leads nowhere.
    await ownerPage.goto(appealLink);
    const appealText = `It is a prop from film ${randomBytes(3).toString("hex")}; no real document is shown.`;
    await ownerPage.getByLabel(en.Appeal.textLabel).fill(appealText);
    await ownerPage.getByRole("button", { name: en.Appeal.send }).click();
    await expect(ownerPage.getByTestId("appeal-sent")).toBeVisible();
    expect((await ownerPage.request.get(appealLink)).status()).toBe(404);

    // The admin reverses the removal: the link works again and the owner hears so.
    await page.reload();
    const appeal = page.getByTestId("appeal-item").filter({ hasText: appealText });
    await expect(appeal).toBeVisible();
    await expectNoSidewaysScroll(page, viewport.width);
    await appeal.getByRole("button", { name: "Reverse removal" }).click();
    const reverse = page.getByRole("dialog", { name: "Reverse removal" });
    await reverse.getByLabel("Reason").fill("A film prop, shown by the owner's production notes");
    await reverse.getByRole("button", { name: "Reverse removal" }).click();
    await expect(reverse).toBeHidden();
    expect((await visitor.request.get(shareAddress)).status()).toBe(200);
    await waitForMail(owner.email, /Your appeal was successful/);
    await ownerContext.close();
    await visitor.close();
  });
}
