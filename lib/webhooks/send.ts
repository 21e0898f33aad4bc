// One webhook POST, guarded: the address is checked, the connection goes to the address that was
// checked (a `lookup` that refuses forbidden results; literals are checked before), redirects are
// not followed (a 3xx is a failed attempt), the whole attempt has a deadline, and at most a few
// kilobytes of the answer are read.
import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { checkWebhookUrl, guardedLookup, isForbiddenAddress, WebhookAddressError, type AddressPolicy } from "./address-guard";

/** The most of a receiver's answer read (and kept for the delivery's record). */
export const RESPONSE_BYTES_READ = 4096;

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export function sendSigned(rawUrl: string, body: string, headers: Record<string, string>, policy: AddressPolicy): Promise<AttemptResult> {
  let url: URL;
  try {
    url = checkWebhookUrl(rawUrl, policy);
  } catch (error) {
    return Promise.resolve({ ok: false, statusCode: null, error: (error as Error).message });
  }
  const client = url.protocol === "https:" ? https : http;
  const timeoutSeconds = env().WEBHOOK_TIMEOUT_SECONDS;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(result);
    };
    const request = client.request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), "User-Agent": "Pictura-Webhooks/1", ...headers },
      lookup: guardedLookup(policy),
      agent: false,
    });
    const deadline = setTimeout(() => finish({ ok: false, statusCode: null, error: `No answer within ${timeoutSeconds} seconds.` }), timeoutSeconds * 1000);
    request.on("socket", (socket) => {
      // Belt and braces: whatever the socket reached must be an address the policy allows.
      socket.on("connect", () => {
        const remote = socket.remoteAddress ?? "";
        if (!policy.allowPrivate && (isIP(remote) === 0 || isForbiddenAddress(remote))) {
          finish({ ok: false, statusCode: null, error: "The webhook address resolves to a private or reserved network address." });
        }
      });
    });
    request.on("response", (response) => {
      const statusCode = response.statusCode ?? 0;
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= RESPONSE_BYTES_READ) done();
      });
      const done = () => {
        if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode, error: null });
        else if (statusCode >= 300 && statusCode < 400)
          finish({ ok: false, statusCode, error: "The receiver answered with a redirect, which is not followed." });
        else finish({ ok: false, statusCode, error: `The receiver answered ${statusCode}.` });
      };
      response.on("end", done);
      response.on("error", done);
    });
    request.on("error", (error) =>
      finish({
        ok: false,
        statusCode: null,
        error:
          error instanceof WebhookAddressError ? error.message : `Could not reach the receiver (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
      }),
    );
    request.end(body);
  });
}
