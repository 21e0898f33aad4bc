// The developer page in every language, its reference rendered from /api/openapi.json with nothing
// fetched from another host, the header menu's link to it, and the Account page's Webhooks section.
import { expect, test, type Request } from "@playwright/test";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import ja from "../../messages/ja.json";
import zh from "../../messages/zh.json";
import { signUpOnAuthScreen } from "./helpers";
import { E2E_BASE_URL } from "./server-env";

const MESSAGES = { en, es, fr, de, zh, ja };

for (const [locale, messages] of Object.entries(MESSAGES)) {
  test(`the developer page reads in ${locale}, and its reference loads from this site only`, async ({ page }) => {
    const elsewhere: string[] = [];
    page.on("request", (request: Request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(E2E_BASE_URL).origin) elsewhere.push(request.url());
    });
    await page.goto(locale === "en" ? "/developers" : `/${locale}/developers`);
    await expect(page).toHaveTitle(new RegExp(messages.Developers.metaTitle));
    await expect(page.getByRole("heading", { level: 1, name: messages.Developers.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: messages.Developers.webhooksTitle })).toBeVisible();
    const examples = page.getByRole("group", { name: messages.Developers.examplesLabel });
    await expect(examples.getByRole("figure")).toHaveCount(3);
    await expect(examples).toContainText("background_removal");

    await page.getByRole("heading", { level: 2, name: messages.Developers.referenceTitle }).scrollIntoViewIfNeeded();
    const reference = page.getByTestId("api-reference");
    await expect(reference.getByRole("heading", { level: 1, name: "Pictura API" })).toBeVisible({ timeout: 30_000 });
    await expect(reference.getByRole("list", { name: "Images endpoints" })).toContainText("/api/flux/edit");
    await expect(reference.getByText("Ask AI Agent")).toHaveCount(0);
    expect(elsewhere).toEqual([]);
  });
}

test("the header menu links to the developer page", async ({ page }) => {
  // A page without the editor's welcome dialog in the way.
  await page.goto("/privacy");
  await page.getByRole("button", { name: en.Header.menu }).click();
  await page.getByRole("menuitem", { name: en.Header.developers }).click();
  await expect(page).toHaveURL(/\/developers$/);
});

test("the Account page adds a webhook endpoint, shows its secret once, and deletes it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await signUpOnAuthScreen(page);
  await page.goto("/account");
  const section = page.getByTestId("webhooks");
  await expect(section.getByText(en.Webhooks.empty)).toBeVisible();
  await section.getByLabel(en.Webhooks.urlLabel).fill("https://hooks.example.com/pictura");
  await section.getByRole("checkbox", { name: /Canceled/ }).uncheck();
  await section.getByRole("button", { name: en.Webhooks.add }).click();
  const secret = section.getByTestId("webhook-secret-value");
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await section.getByRole("button", { name: en.Webhooks.copyLabel }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.textContent());
  await section.getByRole("button", { name: en.Webhooks.done }).click();
  await expect(secret).toHaveCount(0);

  const row = section.getByTestId("webhook-endpoint-row");
  await expect(row).toContainText("https://hooks.example.com/pictura");
  await expect(row).toContainText("operation.succeeded");
  await expect(row).not.toContainText("operation.canceled");
  await row.getByRole("button", { name: en.Webhooks.showDeliveries }).click();
  await expect(row.getByText(en.Webhooks.deliveriesEmpty)).toBeVisible();

  await page.reload();
  await expect(section.getByTestId("webhook-secret-value")).toHaveCount(0);
  await expect(section.getByTestId("webhook-endpoint-row")).toHaveCount(1);
  await section.getByTestId("webhook-endpoint-row").getByRole("button", { name: en.Webhooks.delete }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: en.Webhooks.delete }).click();
  await expect(section.getByText(en.Webhooks.empty)).toBeVisible();
});
