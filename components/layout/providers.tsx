"use client";
// Client-side providers: TanStack Query with the product's data defaults, and toasts.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { currentUserKey } from "@/components/auth/use-auth";
import { Toaster } from "@/components/ui/toaster";
import type { PublicUser } from "@/lib/validation/auth";

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children, initialUser }: { children: ReactNode; initialUser: PublicUser | null }) {
  const [queryClient] = useState(() => {
    const client = makeQueryClient();
    client.setQueryData(currentUserKey, initialUser);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
