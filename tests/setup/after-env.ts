import "@testing-library/jest-dom/jest-globals";

// Close the shared Prisma pool after each test file so Jest can exit.
afterAll(async () => {
  const client = (globalThis as { pictura_prisma?: { $disconnect: () => Promise<void> } }).pictura_prisma;
  await client?.$disconnect();
});
