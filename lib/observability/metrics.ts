// Prometheus figures, as the code records them: one small typed function per thing that happens (a
// request answered, a job ended, credits moved, a provider called, a webhook, a Stripe event, a mail).
// Metrics are off unless METRICS_PORT or WORKER_METRICS_PORT is set (lib/settings/metrics.ts); then
// each function is one property read and a return, and prom-client is never loaded. A process that
// serves metrics installs its recorder (metrics-registry.ts) on the global object, where the copy of
// this module inside Next's bundles finds it as well as server.ts's own.
//
// Every label value comes from a short list the code knows (a route pattern, an operation kind, an
// error code), never from a user: no ids, paths or addresses, so the number of series stays bounded.

export type JobOutcome = "succeeded" | "failed" | "canceled";
export type CreditMovement = "spent" | "refunded" | "granted" | "bought";
export type ProviderOutcome = "ok" | "moderated" | "timeout" | "failed";
export type WebhookOutcome = "delivered" | "retrying" | "failed" | "not_sent";
/** unchanged: a replay, or about nothing of ours; ignored: an event Pictura does not act on. */
export type StripeEventOutcome = "applied" | "unchanged" | "ignored" | "invalid_signature" | "failed";
export type MailOutcome = "sent" | "failed" | "outbox" | "printed";

export interface EndedJob {
  kind: string;
  provider: string;
  outcome: JobOutcome;
  /** The error code of a failed job (e.g. processing_failed, moderated, timeout). */
  reason?: string;
  /** From the charge to the worker's claim (or to the end, for one that never ran). */
  waitSeconds: number;
  /** From the claim to the end; null for one that never ran. */
  runSeconds: number | null;
}

/** What a process that serves metrics does with each figure. */
export interface MetricsRecorder {
  /** `call` is "image" for a tool's call (lib/tools/registry.ts), "other" for any other request. */
  httpRequest(route: string, call: string, method: string, statusClass: string, seconds: number): void;
  jobEnded(job: EndedJob): void;
  jobRetried(kind: string): void;
  jobDeadLettered(): void;
  credits(movement: CreditMovement, amount: number): void;
  providerCall(provider: string, outcome: ProviderOutcome, seconds: number): void;
  webhookDelivery(outcome: WebhookOutcome): void;
  stripeEvent(type: string, outcome: StripeEventOutcome): void;
  mailSend(outcome: MailOutcome): void;
}

const RECORDER = Symbol.for("pictura.metrics.recorder");
const holder = globalThis as { [RECORDER]?: MetricsRecorder | null };

/** Called by the process that serves metrics (null turns recording off again, for tests). */
export function installMetricsRecorder(recorder: MetricsRecorder | null): void {
  holder[RECORDER] = recorder;
}

/** Whether this process records metrics. */
export function metricsRecording(): boolean {
  return Boolean(holder[RECORDER]);
}

const SAFE_LABEL = /^[A-Za-z0-9_.-]{1,40}$/;

/** A label value from the code's own vocabulary; anything else (never expected) is "other". */
export function boundedLabel(value: string | null | undefined): string {
  return value && SAFE_LABEL.test(value) ? value : "other";
}

export function recordJobEnded(job: EndedJob): void {
  holder[RECORDER]?.jobEnded(job);
}

/** A job taken again after its worker died (pg-boss's retry). */
export function recordJobRetried(kind: string): void {
  holder[RECORDER]?.jobRetried(kind);
}

/** A job that exhausted its retries and reached the dead-letter queue (then failed and refunded). */
export function recordJobDeadLettered(): void {
  holder[RECORDER]?.jobDeadLettered();
}

export function recordCredits(movement: CreditMovement, amount: number): void {
  holder[RECORDER]?.credits(movement, amount);
}

export function recordProviderCall(provider: string, outcome: ProviderOutcome, seconds: number): void {
  holder[RECORDER]?.providerCall(provider, outcome, seconds);
}

export function recordWebhookDelivery(outcome: WebhookOutcome): void {
  holder[RECORDER]?.webhookDelivery(outcome);
}

export function recordStripeEvent(type: string, outcome: StripeEventOutcome): void {
  holder[RECORDER]?.stripeEvent(type, outcome);
}

export function recordMailSend(outcome: MailOutcome): void {
  holder[RECORDER]?.mailSend(outcome);
}
