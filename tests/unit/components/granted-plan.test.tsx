/** @jest-environment jsdom */
// A plan given from the operator's console shows on the Subscription screen as granted, with its end
// date; a plan the member pays for does not.
import { screen } from "@testing-library/react";
import { currentUserKey } from "@/components/auth/use-auth";
import { SubscriptionScreen } from "@/components/billing/subscription-screen";
import { billingKeys } from "@/components/billing/use-billing";
import type { PublicUser } from "@/lib/validation/auth";
import type { CurrentSubscription, SubscriptionPlanView } from "@/lib/validation/billing";
import { renderWithApp } from "./render";

const pro: SubscriptionPlanView = {
  id: "pro",
  tier: "pro",
  name: "Pro",
  price: 9.99,
  currency: "usd",
  credits: 175,
  savedImages: 100,
  extraPack: { credits: 60, price: 2.99, currency: "usd" },
};
const essential: SubscriptionPlanView = {
  id: "essential",
  tier: "essential",
  name: "Essential",
  price: 6.99,
  currency: "usd",
  credits: 60,
  savedImages: 25,
  extraPack: null,
};

function member(tier: "essential" | "pro"): PublicUser {
  return { id: `u-${tier}`, email: "a@example.com", firstName: "Ada", lastName: "L", image: null, tier, credits: 175, emailVerified: true };
}

function renderWith(user: PublicUser, current: CurrentSubscription, plans: SubscriptionPlanView[]) {
  return renderWithApp(<SubscriptionScreen />, {
    seed: (queryClient) => {
      queryClient.setQueryData(currentUserKey, user);
      queryClient.setQueryData(billingKeys.plans(user.id), plans);
      queryClient.setQueryData(billingKeys.current(user.id), current);
      queryClient.setQueryData(billingKeys.packs(user.id), []);
    },
  });
}

describe("a plan granted from the console", () => {
  it("tells a Pro member the plan is theirs free of charge until its end date, and that it does not renew", () => {
    renderWith(
      member("pro"),
      {
        tier: "pro",
        plan: pro,
        monthlyCredits: 175,
        status: "active",
        provider: "operator",
        renewsAt: null,
        endsAt: "2027-02-15T00:00:00.000Z",
      },
      [],
    );
    expect(screen.getByTestId("plan-granted")).toHaveTextContent("You have the Pro plan free of charge until February 15, 2027; it does not renew.");
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
  });

  it("says so to an Essential member too, beside the plans they may still buy", () => {
    renderWith(
      member("essential"),
      {
        tier: "essential",
        plan: essential,
        monthlyCredits: 60,
        status: "active",
        provider: "operator",
        renewsAt: null,
        endsAt: "2026-12-31T00:00:00.000Z",
      },
      [pro],
    );
    expect(screen.getByTestId("plan-granted")).toHaveTextContent("You have the Essential plan free of charge until December 31, 2026");
  });

  it("says nothing of a grant for a plan the member pays for, even once cancelled", () => {
    renderWith(
      member("pro"),
      {
        tier: "pro",
        plan: pro,
        monthlyCredits: 175,
        status: "active",
        provider: "stripe",
        renewsAt: null,
        endsAt: "2027-02-15T00:00:00.000Z",
      },
      [],
    );
    expect(screen.getByTestId("pro-member")).toBeInTheDocument();
    expect(screen.queryByTestId("plan-granted")).not.toBeInTheDocument();
  });
});
