// Renders a component the way the app does: English messages, a fresh query client and the site's
// sign-in dialog. A message the
// component asks for and the catalogue lacks fails the test (the app would show its key).
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { QueryClient } from "@tanstack/react-query";
import type { ReactElement, ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { AuthDialogProvider } from "@/components/auth/auth-dialog-provider";
import { makeQueryClient } from "@/components/layout/providers";
import messages from "@/messages/en.json";

function failOnMissingMessage(error: Error): never {
  throw error;
}

function appWrapper(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC" onError={failOnMissingMessage}>
        <QueryClientProvider client={queryClient}>
          <AuthDialogProvider>{children}</AuthDialogProvider>
        </QueryClientProvider>
      </NextIntlClientProvider>
    );
  };
}

/**
 * Renders a component as the server sends it, lets `beforeHydration` act on that HTML as a visitor
 * does before the page's script runs, then hydrates it as the browser does.
 */
export async function hydrateWithApp(ui: ReactElement, beforeHydration: (container: HTMLElement) => void) {
  const Wrapper = appWrapper(makeQueryClient());
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(<Wrapper>{ui}</Wrapper>);
  beforeHydration(container);
  await act(async () => {
    hydrated.push({ container, root: hydrateRoot(container, <Wrapper>{ui}</Wrapper>) });
  });
  return container;
}

const hydrated: { container: HTMLElement; root: Root }[] = [];

// Taken down after each test, as Testing Library does with what it renders.
afterEach(() => {
  for (const { container, root } of hydrated.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
});

/** `seed` fills the query cache first, as data already loaded (the app's data never goes stale). */
export function renderWithApp(ui: ReactElement, options: RenderOptions & { seed?: (queryClient: QueryClient) => void } = {}) {
  const { seed, ...renderOptions } = options;
  const queryClient = makeQueryClient();
  seed?.(queryClient);
  return { queryClient, ...render(ui, { wrapper: appWrapper(queryClient), ...renderOptions }) };
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
