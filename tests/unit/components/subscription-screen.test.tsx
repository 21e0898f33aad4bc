/** @jest-environment jsdom */
import { screen, within } from "@testing-library/react";
import { currentUserKey } from "@/components/auth/use-auth";
import { SubscriptionScreen } from "@/components/billing/subscription-screen";
import { billingKeys } from "@/components/billing/use-billing";
import type { PublicUser } from "@/lib/validation/auth";
import type { CurrentSubscription, PlanView, SubscriptionPlanView } from "@/lib/validation/billing";
import { renderWithApp } from "./render";

/** A subscription plan as the plans call answers it, figures and all. */
function plan(name: "Essential" | "Pro", figures: Pick<SubscriptionPlanView, "price" | "credits" | "savedImages" | "extraPack">): SubscriptionPlanView {
  const tier = name === "Pro" ? "pro" : "essential";
  return { id: tier, tier, name, currency: "usd", ...figures };
}
const essential = plan("Essential", { price: 6.99, credits: 60, savedImages: 25, extraPack: null });
const pro = plan("Pro", { price: 9.99, credits: 175, savedImages: 100, extraPack: { credits: 60, price: 2.99, currency: "usd" } });
const pack: PlanView = { id: "pro_credit_pack", tier: "pro", name: "60 extra credits", price: 2.99, currency: "usd", credits: 60 };

function user(tier: PublicUser["tier"], credits: number): PublicUser {
  return { id: `u-${tier}`, email: "a@example.com", firstName: "Ada", lastName: "L", image: null, tier, credits, emailVerified: true };
}

function renderScreen(signedIn: PublicUser | null, plans: SubscriptionPlanView[], current?: CurrentSubscription) {
  // The plans call is filtered by tier on the server; the screen shows what it is given.
  return renderWithApp(<SubscriptionScreen />, {
    seed: (queryClient) => {
      queryClient.setQueryData(currentUserKey, signedIn);
      queryClient.setQueryData(billingKeys.plans(signedIn?.id ?? null), plans);
      if (!signedIn) return;
      queryClient.setQueryData(
        billingKeys.current(signedIn.id),
        current ?? { tier: signedIn.tier, plan: null, monthlyCredits: null, status: null, provider: null, renewsAt: null, endsAt: null },
      );
      queryClient.setQueryData(billingKeys.packs(signedIn.id), signedIn.tier === "pro" ? [pack] : []);
    },
  });
}

describe("the Subscription screen", () => {
  it("says payment is not available, and offers no Subscribe, when the site takes no payments", () => {
    renderWithApp(<SubscriptionScreen />, {
      seed: (queryClient) => {
        const trial = user("trial", 60);
        queryClient.setQueryData(currentUserKey, trial);
        queryClient.setQueryData(billingKeys.plans(trial.id), [essential, pro]);
        queryClient.setQueryData(billingKeys.current(trial.id), {
          tier: "trial",
          plan: null,
          monthlyCredits: null,
          status: null,
          provider: null,
          renewsAt: null,
          endsAt: null,
        });
        queryClient.setQueryData(billingKeys.mode, { payments: "unavailable" });
      },
    });
    expect(screen.getByTestId("payments-unavailable")).toHaveTextContent("Payment is not available on this site right now");
    for (const tier of ["essential", "pro"]) expect(within(screen.getByTestId(`plan-${tier}`)).getByRole("button", { name: "Subscribe" })).toBeDisabled();
  });

  it("says so from the first frame when the page was rendered with payments unavailable", () => {
    // The mode call has not answered yet: the notice must not appear later and push the plans down.
    const pending = jest.fn(() => new Promise<Response>(() => undefined));
    Object.assign(globalThis, { fetch: pending });
    renderWithApp(<SubscriptionScreen paymentsMode="unavailable" />, {
      seed: (queryClient) => {
        queryClient.setQueryData(currentUserKey, null);
        queryClient.setQueryData(billingKeys.plans(null), [essential, pro]);
      },
    });
    expect(screen.getByTestId("payments-unavailable")).toBeInTheDocument();
    expect(pending).toHaveBeenCalledWith("/api/billing/mode", expect.anything());
    Reflect.deleteProperty(globalThis, "fetch");
  });

  it("offers a guest Essential and Pro with 'Login to Subscribe' sending them to /api/login, and the trial banner", () => {
    renderScreen(null, [essential, pro]);
    expect(screen.getByRole("heading", { name: "Choose Your Plan" })).toBeInTheDocument();
    expect(screen.getByText("New users get 60 free trial credits")).toBeInTheDocument();
    for (const tier of ["essential", "pro"]) {
      const card = screen.getByTestId(`plan-${tier}`);
      expect(within(card).getByRole("link", { name: "Login to Subscribe" })).toHaveAttribute("href", "/api/login?returnTo=/subscription");
    }
    expect(within(screen.getByTestId("plan-pro")).getByText("$9.99")).toBeInTheDocument();
    expect(within(screen.getByTestId("plan-essential")).getByText("60 credits every month")).toBeInTheDocument();
    expect(screen.queryByText("Current Plan")).not.toBeInTheDocument();
  });

  it("shows a trial user Trial Active with their credits, the free plan as Current Plan, and Subscribe buttons", () => {
    renderScreen(user("trial", 42), [essential, pro]);
    expect(screen.getByText("Trial Active")).toBeInTheDocument();
    expect(screen.getByText(/You have 42 trial credits left/)).toBeInTheDocument();
    const free = screen.getByTestId("plan-free");
    expect(within(free).getByRole("button", { name: "Current Plan" })).toBeDisabled();
    expect(within(free).getByText("Current Plan", { selector: "[data-slot=badge]" })).toBeInTheDocument();
    expect(within(screen.getByTestId("plan-pro")).getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  it("tells a trial user with 0 credits that the trial is used up, with the red out-of-credits banner", () => {
    renderScreen(user("trial", 0), [essential, pro]);
    expect(screen.getByText("Trial Credits Depleted")).toBeInTheDocument();
    expect(screen.getByText("You've used all 60 trial credits. Choose a plan to keep creating.")).toBeInTheDocument();
    expect(screen.getByTestId("credit-banner")).toHaveAttribute("data-level", "low");
    expect(screen.getByText("You're out of credits!")).toBeInTheDocument();
  });

  it("shows an Essential member their plan as Active and only Pro to subscribe to", () => {
    renderScreen(user("essential", 30), [pro], {
      tier: "essential",
      plan: essential,
      monthlyCredits: 60,
      status: "active",
      provider: "sandbox",
      renewsAt: "2026-12-23T10:00:00.000Z",
      endsAt: null,
    });
    expect(within(screen.getByTestId("plan-essential")).getByRole("button", { name: "Active" })).toBeDisabled();
    expect(within(screen.getByTestId("plan-essential")).getByText("Current Plan")).toBeInTheDocument();
    expect(within(screen.getByTestId("plan-pro")).getByRole("button", { name: "Subscribe" })).toBeEnabled();
    expect(screen.queryByTestId("plan-free")).not.toBeInTheDocument();
  });

  it("lists each plan's gallery size and extra-credit pack from the plans call, not from figures of its own", () => {
    const biggerPro = { ...pro, savedImages: 150, extraPack: { credits: 80, price: 3.49, currency: "usd" } };
    renderScreen(null, [{ ...essential, savedImages: 30 }, biggerPro]);
    const essentialCard = within(screen.getByTestId("plan-essential"));
    expect(essentialCard.getByText("Save up to 30 images in your gallery")).toBeInTheDocument();
    expect(essentialCard.queryByText(/extra credits any time/)).not.toBeInTheDocument();
    const proCard = within(screen.getByTestId("plan-pro"));
    expect(proCard.getByText("Save up to 150 images in your gallery")).toBeInTheDocument();
    expect(proCard.getByText("Buy 80 extra credits any time for $3.49")).toBeInTheDocument();
  });

  it("leaves the pack out of a plan whose members have none to buy", () => {
    renderScreen(null, [{ ...pro, extraPack: null }]);
    expect(within(screen.getByTestId("plan-pro")).getByText("Save up to 100 images in your gallery")).toBeInTheDocument();
    expect(screen.queryByText(/extra credits any time/)).not.toBeInTheDocument();
  });

  it("tells a Pro member without a subscription row what the Pro plan gives a month", () => {
    renderScreen(user("pro", 12), [], { tier: "pro", plan: null, monthlyCredits: 200, status: null, provider: null, renewsAt: null, endsAt: null });
    expect(screen.getByText("200 credits monthly and priority support.")).toBeInTheDocument();
  });

  it("shows a Pro member 'You're on Pro!', their credits, and the 60-credit pack instead of plans", () => {
    renderScreen(user("pro", 180), [], {
      tier: "pro",
      plan: pro,
      monthlyCredits: 175,
      status: "active",
      provider: "sandbox",
      renewsAt: "2026-12-23T10:00:00.000Z",
      endsAt: null,
    });
    expect(screen.getByText("You're on Pro!")).toBeInTheDocument();
    expect(screen.getByText("175 credits monthly and priority support.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Editor" })).toHaveAttribute("href", "/");
    expect(screen.getByText(/180 credits remaining · Renews on Dec 23, 2026/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy 60 credits for $2.99" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Subscribe" })).not.toBeInTheDocument();
  });
});
