"use client";
// App-wide toasts with the product rules. Most visits show none, so sonner and its host load with
// the first toast rather than with every page: `toast` queues the call until the host is listening.
import { useEffect, useState, type ComponentType } from "react";
import type { ExternalToast } from "sonner";
import type { ToasterProps } from "./toaster-host";

type ToastCall = (sonner: typeof import("sonner")) => void;
type Host = ComponentType<ToasterProps & { onReady?: () => void }>;

let hostRequested: (() => void) | null = null;
let ready: Promise<void> | null = null;
let markReady: () => void = () => {};
const sonnerModule = () => import("sonner");

function whenReady(): Promise<void> {
  if (!ready) {
    ready = new Promise((resolve) => {
      markReady = resolve;
    });
    hostRequested?.();
  }
  return ready;
}

function show(call: ToastCall): void {
  void whenReady()
    .then(sonnerModule)
    .then((sonner) => call(sonner));
}

type Message = Parameters<typeof import("sonner").toast.success>[0];

export const toast = {
  success: (message: Message, options?: ExternalToast) => show((sonner) => sonner.toast.success(message, options)),
  error: (message: Message, options?: ExternalToast) => show((sonner) => sonner.toast.error(message, options)),
  info: (message: Message, options?: ExternalToast) => show((sonner) => sonner.toast.info(message, options)),
};

export function Toaster(props: ToasterProps) {
  const [Host, setHost] = useState<Host | null>(null);
  useEffect(() => {
    const load = () => void import("./toaster-host").then((module) => setHost(() => module.ToasterHost));
    hostRequested = load;
    if (ready) load();
    return () => {
      hostRequested = null;
    };
  }, []);
  return Host ? <Host {...props} onReady={() => markReady()} /> : null;
}
