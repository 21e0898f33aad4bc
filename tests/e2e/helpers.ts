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
