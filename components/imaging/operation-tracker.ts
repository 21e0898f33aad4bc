"use client";
// Follows the image operation this tab started: its progress arrives as server-sent events (or, if
// the stream breaks, by polling), every screen reads it from one small store, and its id is kept in
// sessionStorage with the page that started it, so a reload can pick the operation up again.
import { useSyncExternalStore } from "react";
import { isTerminalStatus, type OperationView } from "@/lib/validation/operations";

const STORAGE_KEY = "pictura:operation";
const POLL_MS = 1000;

export interface TrackedOperation {
  operationId: string;
  /** The page that started it (path without locale differences, as the browser shows it). */
  path: string;
  view: OperationView | null;
  /** Picked up again after a reload, rather than started by a click on this page. */
  resumed: boolean;
  /** Every operation of a group followed together (the variants of one prompt); Cancel cancels them all. */
  group?: string[];
}

let current: TrackedOperation | null = null;
const listeners = new Set<() => void>();

function publish(next: TrackedOperation | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The operation this tab is following, if any. With `relevant`, only while it says so: a screen that
 * is idle then does not draw itself again for an operation another part of the page follows.
 */
export function useTrackedOperation(relevant?: (operation: TrackedOperation) => boolean): TrackedOperation | null {
  return useSyncExternalStore(
    subscribe,
    () => (current && (!relevant || relevant(current)) ? current : null),
    () => null,
  );
}

function remember(operationId: string, path: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ operationId, path }));
  } catch {
    // Private mode or storage full: a reload will not find it, nothing else changes.
  }
}

function forget(operationId: string): void {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved && (JSON.parse(saved) as { operationId?: string }).operationId === operationId) sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The operation a reload of `path` should pick up again, if one was running there. */
export function savedOperationFor(path: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as { operationId?: unknown; path?: unknown } | null;
    return saved && saved.path === path && typeof saved.operationId === "string" ? saved.operationId : null;
  } catch {
    return null;
  }
}

async function fetchView(operationId: string): Promise<OperationView | null> {
  const response = await fetch(`/api/operations/${encodeURIComponent(operationId)}`, { credentials: "include", cache: "no-store" });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Operation ${operationId}: ${response.status}`);
  return (await response.json()) as OperationView;
}

/**
 * Resolves with the operation's last view once it ends (or null when it is not ours any more). Used
 * alone (without the tracker's store) for work a screen follows item by item, such as a batch.
 */
export function untilEnded(operationId: string, onView: (view: OperationView) => void, stream = true): Promise<OperationView | null> {
  return new Promise((resolve) => {
    let settled = false;
    let poller: ReturnType<typeof setTimeout> | undefined;
    const source =
      !stream || typeof EventSource === "undefined"
        ? undefined
        : new EventSource(`/api/operations/${encodeURIComponent(operationId)}/events`, { withCredentials: true });
    const finish = (view: OperationView | null) => {
      if (settled) return;
      settled = true;
      source?.close();
      clearTimeout(poller);
      resolve(view);
    };
    const seen = (view: OperationView) => {
      onView(view);
      if (isTerminalStatus(view.status)) finish(view);
    };
    const poll = async () => {
      try {
        const view = await fetchView(operationId);
        if (!view) return finish(null);
        seen(view);
      } catch {
        // A network blip: try again on the next tick.
      }
      if (!settled) poller = setTimeout(() => void poll(), POLL_MS);
    };
    if (!source) return void poll();
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        seen(JSON.parse(event.data) as OperationView);
      } catch {
        // Not an operation view; ignore it.
      }
    };
    source.onerror = () => {
      // The stream broke (a proxy, a restart): fall back to asking.
      source.close();
      if (!settled && poller === undefined) void poll();
    };
  });
}

/** Follows an operation to its end, publishing its progress; returns its last view. */
export async function followOperation(operationId: string, path: string, resumed = false): Promise<OperationView | null> {
  remember(operationId, path);
  publish({ operationId, path, view: null, resumed });
  try {
    return await untilEnded(operationId, (view) => {
      if (current?.operationId === operationId) publish({ operationId, path, view, resumed });
    });
  } finally {
    forget(operationId);
    if (current?.operationId === operationId) publish(null);
  }
}

/**
 * Follows several operations at once (the variants of one prompt), calling `onView` with each one's
 * progress; the progress shown is the first one still open. Resolves with every last view, in order.
 */
export async function followOperationGroup(
  operationIds: string[],
  path: string,
  onView: (index: number, view: OperationView) => void,
): Promise<(OperationView | null)[]> {
  const latest: (OperationView | null)[] = operationIds.map(() => null);
  const show = () => {
    const open = operationIds.findIndex((_, index) => !latest[index] || !isTerminalStatus(latest[index].status));
    if (open === -1) return;
    publish({ operationId: operationIds[open]!, path, view: latest[open] ?? null, resumed: false, group: operationIds });
  };
  show();
  try {
    return await Promise.all(
      operationIds.map((operationId, index) =>
        // Polled rather than streamed: one stream each would take most of the browser's six connections.
        untilEnded(
          operationId,
          (view) => {
            latest[index] = view;
            onView(index, view);
            show();
          },
          false,
        ),
      ),
    );
  } finally {
    if (current?.group === operationIds) publish(null);
  }
}

/** Asks the server to cancel the operation (or group) being followed; the end arrives through the stream. */
export async function cancelTrackedOperation(): Promise<void> {
  const ids = current?.group ?? (current ? [current.operationId] : []);
  await Promise.all(
    ids.map((operationId) =>
      fetch(`/api/operations/${encodeURIComponent(operationId)}/cancel`, { method: "POST", credentials: "include" }).catch(() => undefined),
    ),
  );
}
