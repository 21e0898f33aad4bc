/** @jest-environment jsdom */
// The actions on one account in the console: a plan granted from the console can be ended there, and the
// plans offered for a grant are the ones the account's detail lists, whatever the admin's own plan.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { UserActions } from "@/components/admin/user-actions";
import type { AdminAccountDetail } from "@/lib/validation/admin-actions";
import { renderWithApp } from "./render";

function detail(subscription: AdminAccountDetail["plan"]["subscription"]): AdminAccountDetail {
  return {
    profile: {
      id: "u1",
      email: "ada@example.com",
      name: "Ada Lovelace",
      locale: "en",
      role: "user",
      createdAt: "2026-11-01T00:00:00.000Z",
      emailVerifiedAt: "2026-11-01T00:00:00.000Z",
      deletedAt: null,
      twoFactor: false,
    },
    plan: { tier: subscription ? "essential" : "trial", credits: 40, subscription },
    status: { suspended: false, suspendedAt: null, category: null, reason: null },
    galleryCount: 0,
    apiKeys: [],
    sessions: [],
    webhooks: [],
    audit: [],
    grantablePlans: [
      { id: "essential", name: "Essential", tier: "essential", credits: 200 },
      { id: "pro", name: "Pro", tier: "pro", credits: 1000 },
    ],
  };
}

const granted = (status: string): AdminAccountDetail["plan"]["subscription"] => ({
  planId: "essential",
  planName: "Essential",
  status,
  currentPeriodEnd: "2026-12-31T23:59:59.000Z",
  provider: "operator",
  granted: true,
  // Set when it is granted: a granted plan never renews.
  canceledAt: "2026-11-27T10:00:00.000Z",
});

describe("the actions on an account", () => {
  it("offers to end a plan granted from the console while it runs, and not once it has lapsed", () => {
    const { unmount } = renderWithApp(<UserActions detail={detail(granted("active"))} />);
    expect(screen.getByRole("button", { name: "End granted plan" })).toBeInTheDocument();
    unmount();
    renderWithApp(<UserActions detail={detail(granted("canceled"))} />);
    expect(screen.queryByRole("button", { name: "End granted plan" })).toBeNull();
  });

  it("offers every plan the detail lists for a grant", async () => {
    const user = userEvent.setup();
    renderWithApp(<UserActions detail={detail(null)} />);
    await user.click(screen.getByRole("button", { name: "Grant a plan" }));
    const choices = within(screen.getByRole("dialog"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(choices).toEqual(["Choose…", "Essential", "Pro"]);
  });
});
