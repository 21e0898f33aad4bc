// An operation as a Server-Sent Events stream: its view now and after every change, until it ends.
// Comments keep idle proxies from closing the stream; a client that reconnects simply gets the current
// view. lib/http/event-stream.ts answers with it.
import "server-only";
import type { OperationWithFile } from "./wait";
import { isTerminalStatus } from "@/lib/validation/operations";
import { viewOperation } from "./view";
import { watchOperation } from "./wait";

const KEEPALIVE_MS = 15_000;
/** A stream ends after this long; EventSource reconnects by itself. */
const STREAM_MS = 10 * 60_000;

export function operationEventStream(operation: OperationWithFile, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The client went away.
        }
      };
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      let last = "";
      try {
        send("retry: 2000\n\n");
        await watchOperation(
          operation.id,
          async (current) => {
            const view = JSON.stringify(await viewOperation(current));
            if (view !== last) send(`data: ${view}\n\n`);
            last = view;
            return isTerminalStatus(current.status);
          },
          { timeoutMs: STREAM_MS, signal },
        );
      } finally {
        clearInterval(keepalive);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      }
    },
  });
}
