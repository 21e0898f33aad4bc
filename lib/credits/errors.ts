// The error every charged call answers when the balance is short: 402 with the spec's sentence.
import { DomainError } from "@/lib/errors";

export class InsufficientCreditsError extends DomainError {
  constructor(
    readonly required: number,
    readonly available: number,
  ) {
    super(402, "insufficient_credits", `Insufficient credits. You need ${required} credits but only have ${available}.`, {
      required,
      available,
    });
  }
}
