/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { AuthPanel } from "@/components/auth/auth-panel";
import { AuthScreen } from "@/components/auth/auth-screen";
import { makeQueryClient } from "@/components/layout/providers";
import messages from "@/messages/es.json";
import { holdSessionAnswer } from "./render";

const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace }) }));

// The sign-in panel renders as the screen does: a count of its renders is a count of the screen's.
jest.mock("@/components/auth/auth-panel", () => {
  const actual = jest.requireActual<typeof import("@/components/auth/auth-panel")>("@/components/auth/auth-panel");
  return { AuthPanel: jest.fn(actual.AuthPanel) };
});

function renderScreen() {
  render(
    <NextIntlClientProvider locale="es" messages={messages} timeZone="UTC">
      <QueryClientProvider client={makeQueryClient()}>
        <AuthScreen returnTo="/gallery" />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const panelRenders = () => (AuthPanel as unknown as jest.Mock).mock.calls.length;

beforeEach(() => {
  replace.mockClear();
  (AuthPanel as unknown as jest.Mock).mockClear();
});

it("shows a guest the forms at once and does not draw them again when the session answer arrives", async () => {
  const answer = holdSessionAnswer();
  renderScreen();
  expect(screen.getByRole("tab", { name: "Iniciar sesión" })).toBeInTheDocument();
  const before = panelRenders();
  await act(async () => answer(null));
  await act(async () => {
    await Promise.resolve();
  });
  expect(panelRenders()).toBe(before);
  expect(replace).not.toHaveBeenCalled();
});

it("sends a signed-in visitor on to where they were going, in their language", async () => {
  const answer = holdSessionAnswer();
  renderScreen();
  await act(async () => answer({ id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "L", credits: 40, plan: "trial" }));
  expect(await screen.findByLabelText("Cargando...")).toBeInTheDocument();
  expect(replace).toHaveBeenCalledWith("/es/gallery");
});
