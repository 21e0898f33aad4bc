"use client";
// Client-side providers: TanStack Query with the product's data defaults, toasts, and the site's sign-in
// dialog. Pages are the same for everyone (served statically); the signed-in user is fetched here,
// once, after they load.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthDialogProvider } from "@/components/auth/auth-dialog-provider";
import { Toaster } from "@/components/ui/toaster";

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
