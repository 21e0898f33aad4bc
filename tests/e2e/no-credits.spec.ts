// A signed-in user with no credits left is refused by every paid tool before any image is sent.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { setCredits, signUpOnAuthScreen } from "./helpers";

const COFFEE = path.resolve(process.cwd(), "tests/fixtures/photos/coffee.png");

test("a user with 0 credits is refused background removal and cartoon style before anything is uploaded", async ({ page }) => {
  const account = await signUpOnAuthScreen(page);
  await setCredits(account.email, 0);
  const imageCalls: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/(flux|openai)\//.test(request.url())) imageCalls.push(request.url());
  });

  await page.goto("/background-removal");
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(COFFEE);
  await page.getByRole("button", { name: "Remove Background" }).click();
  await expect(page.getByText("Not enough credits for background removal.")).toBeVisible();

  await page.goto("/cartoon-style");
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(COFFEE);
  await page.getByRole("radio", { name: /Anime/ }).click();
  await page.getByRole("button", { name: "Apply Style" }).click();
  await expect(page.getByText("Not enough credits for cartoon styling.")).toBeVisible();

  expect(imageCalls).toEqual([]);
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
});
