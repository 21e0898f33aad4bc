// Operation changes, pushed between processes with PostgreSQL's LISTEN/NOTIFY: a worker notifies on
// every change of status or progress, and each web process keeps one listening connection that wakes
// the requests and event streams waiting on that operation. A missed notification costs only
// latency: waiters also re-read the row on a slow timer.
import "server-only";
import { Client } from "pg";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";

const log = logger("events");

const CHANNEL = "pictura_operation";

type Listener = () => void;

interface Hub {
  listeners: Map<string, Set<Listener>>;
  client: Promise<Client> | null;
}

const globalForHub = globalThis as unknown as { pictura_operation_hub?: Hub };
const hub: Hub = (globalForHub.pictura_operation_hub ??= { listeners: new Map(), client: null });

/** Tells every process that the operation changed. */
export async function notifyOperationChanged(operationId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${operationId})`;
}

function wakeAll(): void {
  for (const listeners of hub.listeners.values()) for (const listener of listeners) listener();
}

function connect(): Promise<Client> {
  hub.client ??= (async () => {
    const client = new Client({ connectionString: env().DATABASE_URL, application_name: "pictura-events" });
    const reconnect = () => {
      hub.client = null;
      client.end().catch(() => undefined);
      // Whatever changed while no one listened is read again by every waiter.
      wakeAll();
      if (hub.listeners.size > 0) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    };
    client.on("error", reconnect);
    client.on("end", () => {
      if (hub.client) reconnect();
    });
    client.on("notification", (message) => {
      if (!message.payload) return;
      for (const listener of hub.listeners.get(message.payload) ?? []) listener();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    return client;
  })().catch((error: unknown) => {
    hub.client = null;
    throw error;
  });
  return hub.client;
}

/** Calls `listener` whenever the operation may have changed; returns the unsubscribe function. */
export async function onOperationChange(operationId: string, listener: Listener): Promise<() => void> {
  let listeners = hub.listeners.get(operationId);
  if (!listeners) hub.listeners.set(operationId, (listeners = new Set()));
  listeners.add(listener);
  const unsubscribe = () => {
    listeners.delete(listener);
    if (listeners.size === 0) hub.listeners.delete(operationId);
  };
  try {
    await connect();
  } catch (error) {
    // Without the channel the waiter still polls; say why once.
    log.error({ err: error }, "cannot listen for operation changes");
  }
  return unsubscribe;
}

/** Closes this process's listening connection (tests, and a graceful shutdown). */
export async function closeOperationEvents(): Promise<void> {
  const pending = hub.client;
  hub.client = null;
  hub.listeners.clear();
  if (pending) await (await pending.catch(() => null))?.end().catch(() => undefined);
}
