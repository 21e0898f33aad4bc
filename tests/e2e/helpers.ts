import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export function newAccount() {
  return { firstName: "Ada", lastName: "Lovelace", email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: "secret-pass" };
}

export async function signUpOnAuthScreen(page: Page, account = newAccount()) {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Your account has been created successfully.")).toBeVisible();
  return account;
}

/**
 * Test setup: moves an account's balance to `credits` the way the ledger records any change (one
 * row with the balance after it), so a screen can be tried at a given balance without spending
 * through the UI first.
 */
export async function setCredits(email: string, credits: number): Promise<void> {
  const { Client } = await import("pg");
  const { E2E_DATABASE_URL } = await import("../setup/test-env");
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ id: string; credits: number }>('SELECT "id", "credits" FROM "users" WHERE "email" = $1 FOR UPDATE', [email]);
    const user = rows[0];
    if (!user) throw new Error(`No user ${email}`);
    await client.query('UPDATE "users" SET "credits" = $1, "updatedAt" = now() WHERE "id" = $2', [credits, user.id]);
    await client.query(
      'INSERT INTO "credit_transactions" ("id", "userId", "kind", "operation", "delta", "balanceAfter", "idempotencyKey") VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [randomUUID(), user.id, credits >= user.credits ? "grant" : "spend", "test_setup", credits - user.credits, credits, `test-setup:${randomUUID()}`],
    );
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

/** Sums the page's layout shifts from its first paint on (the CLS a visitor would score). */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
}

/**
 * Sums the layout shifts that moved the element `selector` finds, or anything inside it: that
 * element's own share of the page's CLS. (A shift names its moved elements as its sources.)
 */
export async function watchElementShifts(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.addInitScript((watched) => {
    const shifts: number[] = [];
    Object.assign(window, { elementShifts: shifts });
    type Shift = PerformanceEntry & { value: number; sources: Array<{ node: Node | null }> };
    new PerformanceObserver((list) => {
      const element = document.querySelector(watched);
      for (const entry of list.getEntries() as Shift[]) {
        if (element && entry.sources.some(({ node }) => node && element.contains(node))) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { elementShifts: number[] }).elementShifts.reduce((sum, value) => sum + value, 0));
}

/** The two screens a flow is walked through: a laptop's, and the narrowest phone's. */
export const DESKTOP_AND_PHONE = [
  ["on a desktop", { width: 1280, height: 800 }],
  ["on a 320 px phone", { width: 320, height: 640 }],
] as const;
