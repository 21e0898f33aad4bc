import { isFutureExpiry, sandboxCardSchema } from "@/lib/validation/billing";

describe("the sandbox card form's checks", () => {
  const valid = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

  it("accepts a well-formed card and keeps only its digits", () => {
    expect(sandboxCardSchema.parse(valid).number).toBe("4242424242424242");
    expect(sandboxCardSchema.safeParse({ ...valid, number: "4000-0000-0000-0002", cvc: "1234" }).success).toBe(true);
  });

  it.each(["4242 4242 4242 4241", "1234", "4242 4242 4242 424a", ""])("refuses the card number %p", (number) => {
    const result = sandboxCardSchema.safeParse({ ...valid, number });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Your card number is invalid.");
  });

  it("takes this month and later as a valid expiry, and nothing earlier or malformed", () => {
    const now = new Date(2026, 10, 23);
    expect(isFutureExpiry("11/26", now)).toBe(true);
    expect(isFutureExpiry("01/27", now)).toBe(true);
    expect(isFutureExpiry("10/26", now)).toBe(false);
    expect(isFutureExpiry("13/30", now)).toBe(false);
    expect(isFutureExpiry("1/30", now)).toBe(false);
  });

  it("wants a 3 or 4 digit security code", () => {
    expect(sandboxCardSchema.safeParse({ ...valid, cvc: "12" }).success).toBe(false);
    expect(sandboxCardSchema.safeParse({ ...valid, cvc: "12a" }).success).toBe(false);
  });
});
