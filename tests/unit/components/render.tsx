// Renders a component the way the app does: English messages, a fresh query client and the site's
// sign-in dialog. A message the
// component asks for and the catalogue lacks fails the test (the app would show its key).
import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { QueryClient } from "@tanstack/react-query";
import type { ReactElement, ReactNode } from "react";
import { AuthDialogProvider } from "@/components/auth/auth-dialog-provider";
import { makeQueryClient } from "@/components/layout/providers";
import messages from "@/messages/en.json";

function failOnMissingMessage(error: Error): never {
  throw error;
}

/** `seed` fills the query cache first, as data already loaded (the app's data never goes stale). */
export function renderWithApp(ui: ReactElement, options: RenderOptions & { seed?: (queryClient: QueryClient) => void } = {}) {
  const { seed, ...renderOptions } = options;
  const queryClient = makeQueryClient();
  seed?.(queryClient);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC" onError={failOnMissingMessage}>
        <QueryClientProvider client={queryClient}>
          <AuthDialogProvider>{children}</AuthDialogProvider>
        </QueryClientProvider>
      </NextIntlClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}

/**
 * Answers the app's calls as the server would, with the session answer (`/api/auth/user`) held back
 * until the test gives it; every other call answers `null`. Returns the function that gives it.
 */
export function holdSessionAnswer(): (user: unknown) => void {
  let answer!: (user: unknown) => void;
  const session = new Promise<unknown>((resolve) => (answer = resolve));
  Object.assign(globalThis, {
    fetch: jest.fn(async (url: string) => {
      const body = url === "/api/auth/user" ? await session : null;
      return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
    }),
  });
  return answer;
}
