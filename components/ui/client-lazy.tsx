"use client";
// Code that only the browser needs (dialogs, result views, progress), loaded on first render after
// hydration: the server and the hydrating client render the fallback, then the chunk loads. The same
// contract as next/dynamic with `ssr: false`, on React's own lazy and Suspense, without the
// framework's loader code on every page's first load.
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";

const subscribeNothing = () => () => undefined;

/** False on the server and while hydrating, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function clientLazy<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(() => load().then((Component) => ({ default: Component })));
  function ClientLazy(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ClientLazy;
}
