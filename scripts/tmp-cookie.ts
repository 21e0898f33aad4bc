process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/pictura_perf_bench";
process.env.AUTH_SECRET = "measure-secret-with-at-least-thirty-two-characters";
process.env.APP_URL = "http://localhost:3350";
(async () => {
  const { createPrismaClient } = await import("../lib/db/create-client");
  const { createSessionCookie } = await import("../lib/auth/session");
  const db = createPrismaClient(process.env.DATABASE_URL!);
  const user = await db.user.findUniqueOrThrow({ where: { email: "bench-api@example.com" } });
  const c = await createSessionCookie({ id: user.id, email: user.email, name: "B" });
  console.log(`${c.name}=${c.value}`);
  await db.$disconnect();
})();
