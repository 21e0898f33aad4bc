// A local model that runs in a worker thread of its own, as background removal, upscaling and
// tap-to-select do: the host side, which starts a thread file of lib/imaging/local/threads (its
// other side is threads/serve-model.ts). The thread posts { ready } once its model is loaded, or
// { loadError } when it cannot load; every request carries an id, and the answer carries it back.
// The thread is started on first use, shared by every caller of the process, and forgotten when it
// dies, so the next call starts a fresh one. An idle thread keeps no script or test run alive: only
// waiting requests do.
import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

export interface ThreadMessage {
  ready?: true;
  loadError?: string;
  id?: number;
  error?: string;
  [field: string]: unknown;
}

export interface ModelThreadSpec<Reply> {
  /** The thread's file in lib/imaging/local/threads, e.g. "background-model.ts". */
  thread: string;
  workerData: unknown;
  /** Error texts for a model that cannot load and for a thread that stopped. */
  loadFailed: (detail: string) => string;
  stopped: (exitCode: number) => string;
  /** The answer a request resolves with; throws when the thread answered with an error or nothing usable. */
  accept: (message: ThreadMessage) => Reply;
  /** Called when a thread that had loaded its model dies. */
  onCrash?: (error: Error) => void;
}

export interface ModelThread<Reply> {
  worker: Worker;
  /** Sends one request to the thread and waits for its answer. */
  ask(message: Record<string, unknown>, transfer?: ArrayBuffer[]): Promise<Reply>;
}

/**
 * Where a thread file is. From source (tsx, Jest) it lies beside this module; inside a `next start`
 * bundle (a job run in the web process, JOBS_INLINE) this module's own place says nothing, and the
 * file is found under the project folder the server runs from, as the container image has it. The
 * path is put together at run time from parts no bundler reads as a file pattern (a pattern such as
 * `threads/${name}` makes Turbopack bundle whatever it matches), so a thread is never bundled: it runs
 * as the TypeScript file it is, by Node's own type stripping or by the tsx loader the process inherited.
 */
function threadFile(name: string): string {
  const folders: string[] = [];
  if (typeof __filename === "string" && path.isAbsolute(__filename)) folders.push(joinAtRunTime(path.dirname(__filename), THREADS_FOLDER));
  folders.push(joinAtRunTime(process.cwd(), ...PROJECT_THREADS_FOLDER));
  const found = folders.map((folder) => joinAtRunTime(folder, name)).find((file) => existsSync(file));
  if (!found) throw new Error(`Model thread ${name} not found in ${folders.join(" or ")}`);
  return found;
}

const THREADS_FOLDER = "threads";
const PROJECT_THREADS_FOLDER = ["lib", "imaging", "local", THREADS_FOLDER];

/** path.join, called through a variable: bundlers trace path.join(...) of known parts as a file reference. */
const joinAtRunTime: (...parts: string[]) => string = Reflect.get(path, "join");

function startThread<Reply>(spec: ModelThreadSpec<Reply>, forget: () => void): Promise<ModelThread<Reply>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadFile(spec.thread), { workerData: spec.workerData });
    const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
    let nextId = 1;
    let ready = false;
    const thread: ModelThread<Reply> = {
      worker,
      ask: (message, transfer = []) =>
        new Promise((resolveReply, rejectReply) => {
          const id = nextId;
          nextId += 1;
          pending.set(id, { resolve: resolveReply, reject: rejectReply });
          worker.ref();
          worker.postMessage({ ...message, id }, transfer);
        }),
    };
    const fail = (error: Error) => {
      forget();
      if (!ready) reject(error);
      for (const request of pending.values()) request.reject(error);
      pending.clear();
      if (ready) spec.onCrash?.(error);
    };
    worker.on("message", (message: ThreadMessage) => {
      if (message.ready) {
        ready = true;
        if (pending.size === 0) worker.unref();
        resolve(thread);
      } else if (message.loadError !== undefined) {
        fail(new Error(spec.loadFailed(message.loadError)));
        void worker.terminate();
      } else if (message.id !== undefined) {
        const request = pending.get(message.id);
        pending.delete(message.id);
        if (pending.size === 0) worker.unref();
        if (!request) return;
        try {
          request.resolve(spec.accept(message));
        } catch (error) {
          request.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
    worker.on("error", (error) => fail(error));
    worker.on("exit", (code) => fail(new Error(spec.stopped(code))));
  });
}

/** A byte array posted back by a thread: by tag rather than instanceof, as it belongs to whichever realm received it. */
export function isUint8Array(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === "[object Uint8Array]";
}

/** Where a model's running thread is kept (on globalThis, so a dev server's module reloads reuse it). */
export interface ModelSlot<Reply> {
  loading: Promise<ModelThread<Reply>> | null;
  /** One run at a time: two at once would only share the same cores and double the memory. */
  tail: Promise<unknown>;
}

export function modelSlot<Reply, Extra extends object = object>(name: string, extra?: () => Extra): ModelSlot<Reply> & Extra {
  const key = Symbol.for(name);
  const holder = globalThis as typeof globalThis & { [key: symbol]: (ModelSlot<Reply> & Extra) | undefined };
  holder[key] ??= { loading: null, tail: Promise.resolve(), ...(extra?.() ?? ({} as Extra)) };
  return holder[key];
}

/** The running thread; the first caller starts it and everyone else waits for that same start. */
export function runningModel<Reply>(slot: ModelSlot<Reply>, spec: () => Promise<ModelThreadSpec<Reply>> | ModelThreadSpec<Reply>): Promise<ModelThread<Reply>> {
  if (!slot.loading) {
    const forget = () => {
      if (slot.loading === loading) slot.loading = null;
    };
    const loading: Promise<ModelThread<Reply>> = Promise.resolve()
      .then(spec)
      .then((resolved) => startThread(resolved, forget));
    loading.catch(forget);
    slot.loading = loading;
  }
  return slot.loading;
}

/** Runs `task` after every task queued before it on the slot has ended. */
export function exclusive<T>(slot: ModelSlot<unknown>, task: () => Promise<T>): Promise<T> {
  const result = slot.tail.then(task);
  slot.tail = result.catch(() => undefined);
  return result;
}

/** Stops the slot's thread and frees its model's memory; the next call loads it again. */
export async function releaseModel(slot: ModelSlot<unknown>): Promise<void> {
  const loading = slot.loading;
  slot.loading = null;
  const thread = await loading?.catch(() => null);
  await thread?.worker.terminate();
}
