import { expect, test } from "@playwright/test";
import { signUpOnAuthScreen } from "./helpers";

test("a new user signs up, sees 60 credits, signs out and signs in again", async ({ page }) => {
  const account = await signUpOnAuthScreen(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
  await expect(page.getByRole("link", { name: "Upgrade" })).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");

  await page.getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password", { exact: true }).fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("You have successfully signed in.")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");

  // The session survives a reload: it lives in the httpOnly cookie, not in page state.
  await page.reload();
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
});

test("a wrong password shows the Login failed toast with the server's message", async ({ page }) => {
  const account = await signUpOnAuthScreen(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");

  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
});

test("the password toggle shows and hides the password", async ({ page }) => {
  await page.goto("/auth");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("visible?");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
});

test("Continue with Google signs a new person in with a trial account", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  // Through the fake Google server's consent and Auth.js's callback, back to the editor.
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
  await page.goto("/account");
  await expect(page.getByText(/Signed in as google-[0-9a-f]{8}@gmail\.test/)).toBeVisible();
});

test("Continue with Apple without keys returns to the sign-in screen with a clear message", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Continue with Apple" }).click();
  await expect(page.getByText("Sign-in with Apple is not available right now")).toBeVisible();
});

test("a signed-in user who opens /auth is sent to the editor", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await page.goto("/auth");
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});
