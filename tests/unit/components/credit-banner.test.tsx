/** @jest-environment jsdom */
import { screen } from "@testing-library/react";
import { CreditBanner, creditLevel } from "@/components/credits/credit-banner";
import { renderWithApp } from "./render";

describe("the credit banner", () => {
  it.each([
    [0, "low"],
    [4, "low"],
    [5, "fair"],
    [9, "fair"],
    [10, "good"],
    [175, "good"],
  ])("colours %i credits %s (green at 10+, yellow at 5+, red below 5)", (credits, level) => {
    expect(creditLevel(credits)).toBe(level);
    renderWithApp(<CreditBanner credits={credits} />);
    expect(screen.getByTestId("credit-banner")).toHaveAttribute("data-level", level);
  });

  it("says 'You're out of credits!' at 0 and offers more credits", () => {
    renderWithApp(<CreditBanner credits={0} />);
    expect(screen.getByText("You're out of credits!")).toBeInTheDocument();
    expect(screen.getByText("Upgrade to continue")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add more credits" })).toHaveAttribute("href", "/subscription");
  });

  it("warns at 5 credits or fewer, and not above", () => {
    const { unmount } = renderWithApp(<CreditBanner credits={5} />);
    expect(screen.getByText("Low credit warning")).toBeInTheDocument();
    expect(screen.getByText("Only 5 credits left.")).toBeInTheDocument();
    unmount();
    renderWithApp(<CreditBanner credits={6} />);
    expect(screen.queryByText("Low credit warning")).not.toBeInTheDocument();
    expect(screen.getByText("6 credits available")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
