import { billingMode } from "@/lib/billing/config";
import { confirmSandboxPayment } from "@/lib/billing/sandbox-confirm";
import { NotFoundError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { sandboxConfirmSchema } from "@/lib/validation/billing";

export const POST = route({ auth: "user", body: sandboxConfirmSchema }, async ({ user, body }) => {
  if (billingMode() !== "sandbox") throw new NotFoundError("The payment sandbox is not enabled here.", "sandbox_disabled");
  await confirmSandboxPayment(user, body.clientSecret, body.card.number);
  return { status: "succeeded" };
});
