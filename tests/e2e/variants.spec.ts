import { expect, test } from "@playwright/test";
import { signUpOnAuthScreen } from "./helpers";

test("four variants appear in the editor, picking one makes it the result, and undo goes back to the one before", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("radio", { name: "4 images" }).click();
  await page.getByLabel("Describe the image").fill("a lighthouse on a cliff at dusk");
  await page.getByRole("button", { name: "Generate 4 images" }).click();

  const variants = page.getByTestId("variant");
  await expect(variants).toHaveCount(4);
  await expect(page.getByTestId("credits-left")).toHaveText("52 credits left");
  await expect(page.getByTestId("result-image")).toHaveCount(0);
  const sources = await variants.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  expect(new Set(sources).size).toBe(4);

  await page.getByRole("button", { name: "Use image 3 of 4" }).click();
  await expect(page.getByTestId("result-image")).toHaveAttribute("src", sources[2]!);
  await expect(page.getByRole("button", { name: "Use image 3 of 4" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("action-note")).toHaveText("Generated: a lighthouse on a cliff at dusk");

  await page.getByRole("button", { name: "Use image 1 of 4" }).click();
  await expect(page.getByTestId("result-image")).toHaveAttribute("src", sources[0]!);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("result-image")).toHaveAttribute("src", sources[2]!);
  await expect(page.getByRole("button", { name: "Use image 3 of 4" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("credits-left")).toHaveText("52 credits left");
});

test("a result shows how it was made, back to its generation, and Make again makes it again for the same price", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await page.getByLabel("Describe the image").fill("a red fox in a snowy forest");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByTestId("credits-left")).toHaveText("58 credits left");
  await page.getByLabel("Describe the change").fill("make it black and white");
  await page.getByRole("button", { name: "Edit Image" }).click();
  await expect(page.getByTestId("action-note")).toHaveText("Edited: make it black and white");
  await expect(page.getByTestId("credits-left")).toHaveText("55 credits left");

  await page.getByRole("button", { name: "How this was made" }).click();
  const steps = page.getByTestId("recipe-step");
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText("Step 1 · Generated from a prompt");
  await expect(steps.nth(0)).toContainText("a red fox in a snowy forest");
  await expect(steps.nth(0)).toContainText("Seed");
  await expect(steps.nth(1)).toContainText("Step 2 · AI edit");
  await expect(steps.nth(1)).toContainText("the result of step 1");

  const before = await page.getByTestId("result-image").getAttribute("src");
  await page.getByRole("button", { name: "Make again" }).click();
  await expect(page.getByTestId("credits-left")).toHaveText("52 credits left");
  await expect(page.getByTestId("result-image")).not.toHaveAttribute("src", before!);
  const again = await page.getByTestId("result-image").getAttribute("src");
  const bytes = async (url: string) => Buffer.from(await (await page.request.get(url)).body());
  expect((await bytes(again!)).equals(await bytes(before!))).toBe(true);
  // The recipe stays open and now tells the new result's story.
  await expect(page.getByTestId("recipe-step").nth(1)).toContainText("made again");
});
