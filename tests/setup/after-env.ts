import "@testing-library/jest-dom/jest-globals";

// Close the shared queue client and Prisma pool after each test file so Jest can exit without the
// queue's timers firing into a torn-down environment.
afterAll(async () => {
  if ((globalThis as { pictura_boss?: unknown }).pictura_boss) await (await import("@/lib/jobs/boss")).stopQueueClient();
  const client = (globalThis as { pictura_prisma?: { $disconnect: () => Promise<void> } }).pictura_prisma;
  await client?.$disconnect();
});
