/** @jest-environment jsdom */
// The forms a visitor can meet before the page's script has started (sign-in, sign-up, the reset
// link and the new password) send what the fields hold when they are submitted, even what was typed
// before the script ran: such text reaches the fields without any input event.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ResetPasswordScreen } from "@/components/auth/reset-password-screen";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { renderWithApp } from "./render";

jest.mock("next/navigation", () => ({ useRouter: () => ({ replace: jest.fn(), push: jest.fn() }), usePathname: () => "/auth/reset" }));

/** The bodies the app sent, by address; every call is refused, so no form moves on. */
function recordCalls(): Map<string, unknown> {
  const sent = new Map<string, unknown>();
  Object.assign(globalThis, {
    fetch: jest.fn(async (url: string, init?: RequestInit) => {
      if (typeof init?.body === "string") sent.set(url, JSON.parse(init.body));
      return { ok: false, status: 400, statusText: "", text: async () => JSON.stringify({ error: "x", message: "Refused." }) };
    }),
  });
  return sent;
}

/** Puts text in a field as the browser does for typing that came before the script: no events. */
function typedEarly(label: string | RegExp, text: string) {
  (screen.getByLabelText(label) as HTMLInputElement).value = text;
}

it("signs in with the e-mail and password in the fields", async () => {
  const sent = recordCalls();
  renderWithApp(<SignInForm />);
  typedEarly("Email", "ada@example.com");
  typedEarly("Password", "a-long-password");
  fireEvent.submit(screen.getByRole("button", { name: "Sign In" }).closest("form")!);
  await waitFor(() => expect(sent.get("/api/auth/login")).toEqual({ email: "ada@example.com", password: "a-long-password" }));
});

it("signs up with the names, e-mail and password in the fields", async () => {
  const sent = recordCalls();
  renderWithApp(<SignUpForm />);
  typedEarly("First name", "Ada");
  typedEarly("Last name", "Lovelace");
  typedEarly("Email", "ada@example.com");
  typedEarly("Password", "a-long-password");
  fireEvent.submit(screen.getByRole("button", { name: "Create Account" }).closest("form")!);
  await waitFor(() =>
    expect(sent.get("/api/auth/register")).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "a-long-password" }),
  );
});

it("asks for a reset link for the address in the field", async () => {
  const sent = recordCalls();
  renderWithApp(<ResetPasswordScreen token={null} mailAvailable />);
  typedEarly("Email", "ada@example.com");
  fireEvent.submit(screen.getByRole("button", { name: "Send the link" }).closest("form")!);
  await waitFor(() => expect(sent.get("/api/auth/forgot-password")).toEqual({ email: "ada@example.com" }));
});

it("sets the new password in the field", async () => {
  const sent = recordCalls();
  renderWithApp(<ResetPasswordScreen token="a-reset-token" mailAvailable />);
  typedEarly("New password", "a-new-password");
  fireEvent.submit(screen.getByRole("button", { name: "Set new password" }).closest("form")!);
  await waitFor(() => expect(sent.get("/api/auth/reset-password")).toEqual({ token: "a-reset-token", password: "a-new-password" }));
});
