import "@testing-library/jest-dom/jest-globals";
import { configure } from "@testing-library/dom";
import { resetSettingsAfterEachTest } from "./settings";

// A component test waits for what a person would see, however long a busy machine takes to render it
// (Jest shares two cores with the browser tests in npm test): Testing Library's 1 s default for findBy
// and waitFor failed a tap-to-select test there while it passed alone.
configure({ asyncUtilTimeout: 5000 });

// Settings a test gives with setSettings() end with it (tests/setup/settings.ts).
resetSettingsAfterEachTest();

// Close the shared queue client and Prisma pool after each test file so Jest can exit without the
// queue's timers firing into a torn-down environment.
afterAll(async () => {
  if ((globalThis as { pictura_boss?: unknown }).pictura_boss) await (await import("@/lib/jobs/boss")).stopQueueClient();
  const client = (globalThis as { pictura_prisma?: { $disconnect: () => Promise<void> } }).pictura_prisma;
  await client?.$disconnect();
});
