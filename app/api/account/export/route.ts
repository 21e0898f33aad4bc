import { exportAccount } from "@/lib/account/export";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "session" }, async ({ user }) => {
  const archive = await exportAccount(user);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(archive, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="pictura-data-${day}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
