import { billingMode } from "@/lib/billing/config";
import { confirmSandboxPayment } from "@/lib/billing/sandbox-confirm";
import { NotFoundError } from "@/lib/errors";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { sandboxConfirmSchema } from "@/lib/validation/billing";

export const POST = route({ auth: "session", input: json(sandboxConfirmSchema) }, async ({ user, input }) => {
  if (billingMode() !== "sandbox") throw new NotFoundError("The payment sandbox is not enabled here.", "sandbox_disabled");
  await confirmSandboxPayment(user, input.clientSecret, input.card.number);
  return { status: "succeeded" };
});
