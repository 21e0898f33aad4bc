/** @jest-environment jsdom */
import { applyCreditReset, GUEST_CREDITS_KEY, GUEST_CREDITS_RESET_EVENT } from "@/components/credits/guest-credits";

describe("the guest credit reset signal", () => {
  it("zeroes the stored guest credits and announces guest-credits-reset with credits 0", () => {
    localStorage.setItem(GUEST_CREDITS_KEY, "6");
    const heard: unknown[] = [];
    window.addEventListener(GUEST_CREDITS_RESET_EVENT, (event) => heard.push((event as CustomEvent).detail));
    expect(applyCreditReset("Guest credit reset signal sent")).toBe(true);
    expect(localStorage.getItem(GUEST_CREDITS_KEY)).toBe("0");
    expect(heard).toEqual([{ credits: 0 }]);
  });

  it("leaves everything alone for any other answer", () => {
    localStorage.setItem(GUEST_CREDITS_KEY, "3");
    const listener = jest.fn();
    window.addEventListener(GUEST_CREDITS_RESET_EVENT, listener);
    expect(applyCreditReset("Your credits are kept on your account; nothing was reset.")).toBe(false);
    expect(localStorage.getItem(GUEST_CREDITS_KEY)).toBe("3");
    expect(listener).not.toHaveBeenCalled();
  });
});
