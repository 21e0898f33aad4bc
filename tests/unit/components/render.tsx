// Renders a component the way the app does: English messages and a fresh query client.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { QueryClient } from "@tanstack/react-query";
import type { ReactElement, ReactNode } from "react";
import { makeQueryClient } from "@/components/layout/providers";
import messages from "@/messages/en.json";

/** `seed` fills the query cache first, as data already loaded (the app's data never goes stale). */
export function renderWithApp(ui: ReactElement, options: RenderOptions & { seed?: (queryClient: QueryClient) => void } = {}) {
  const { seed, ...renderOptions } = options;
  const queryClient = makeQueryClient();
  seed?.(queryClient);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </NextIntlClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
