import { createPrismaClient } from "./lib/db/create-client";
import { createSessionCookie, SESSION_MAX_AGE_SECONDS } from "./lib/auth/session";
async function main() {
  const db = createPrismaClient(process.env.DATABASE_URL!);
  const email = "bench-api@example.com";
  const user = await db.user.upsert({ where: { email }, create: { email, firstName: "Bench", lastName: "Api", tier: "trial", credits: 60 }, update: {} });
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const session = await db.authSession.upsert({ where: { id: `bench-${user.id}` }, create: { id: `bench-${user.id}`, userId: user.id, method: "password", expiresAt }, update: { expiresAt } });
  const cookie = await createSessionCookie({ id: user.id, email, name: "Bench Api" }, session.id);
  console.log(`${cookie.name}=${cookie.value}`);
  await db.$disconnect();
}
void main();
