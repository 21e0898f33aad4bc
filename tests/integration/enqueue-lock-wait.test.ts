// A user's requests queue on their balance: while another of their requests holds the balance row (a
// burst of calls, a slow commit on a busy server), the next one waits its turn and is answered,
// instead of failing with a 500 when the wait passes Prisma's default five-second transaction.
import { Client } from "pg";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { stopQueueClient } from "@/lib/jobs/boss";
import { closeOperationEvents } from "@/lib/jobs/events";
import { apiRequest, signedInUser } from "./helpers";

jest.setTimeout(60_000);

afterAll(async () => {
  await stopQueueClient();
  await closeOperationEvents();
});

it("answers a request that waited seven seconds for its user's balance", async () => {
  const { user, cookie } = await signedInUser({ credits: 10 });
  const holder = new Client({ connectionString: process.env.DATABASE_URL });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query(`SELECT credits FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
    const answer = generate(
      apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse at dusk" }, headers: { prefer: "respond-async" } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    await holder.query("COMMIT");
    const response = await answer;
    expect(response.status).toBe(202);
  } finally {
    await holder.end();
  }
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(8);
});
