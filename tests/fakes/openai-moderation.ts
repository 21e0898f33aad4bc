// The moderation endpoint of the fake OpenAI server: checks a request as the real `POST /v1/moderations`
// does (a model, and `input` as a string, strings, or text / image_url parts) and answers in its
// format, every omni-moderation category present, with scores that agree with the verdict.

export type ModerationVerdict = { kind: "clean" } | { kind: "flagged"; categories: string[] } | { kind: "server-error" };

/** omni-moderation-latest's categories; the ones it also scores on images carry "image". */
const CATEGORIES: Record<string, ("text" | "image")[]> = {
  harassment: ["text"],
  "harassment/threatening": ["text"],
  hate: ["text"],
  "hate/threatening": ["text"],
  illicit: ["text"],
  "illicit/violent": ["text"],
  "self-harm": ["text", "image"],
  "self-harm/intent": ["text", "image"],
  "self-harm/instructions": ["text", "image"],
  sexual: ["text", "image"],
  "sexual/minors": ["text"],
  violence: ["text", "image"],
  "violence/graphic": ["text", "image"],
};

export const MODERATION_CATEGORIES = Object.keys(CATEGORIES);

type Part = { type?: unknown; text?: unknown; image_url?: { url?: unknown } };

/** What the real endpoint would refuse with a 400, or undefined for a request it takes. */
export function moderationRequestProblem(body: Record<string, unknown>): string | undefined {
  if (body.model !== undefined && typeof body.model !== "string") return "Invalid type for 'model': expected a string.";
  const input = body.input;
  if (typeof input === "string") return undefined;
  if (!Array.isArray(input) || input.length === 0) return "Invalid 'input': expected a string, an array of strings, or an array of input objects.";
  if (input.every((item) => typeof item === "string")) return undefined;
  for (const item of input as Part[]) {
    if (item?.type === "text" && typeof item.text === "string") continue;
    if (
      item?.type === "image_url" &&
      typeof item.image_url?.url === "string" &&
      /^(data:image\/(png|jpeg|webp|gif);base64,|https?:\/\/)/.test(item.image_url.url)
    )
      continue;
    return "Invalid 'input': each item must be { type: 'text', text } or { type: 'image_url', image_url: { url } } with a data URL or an http(s) URL.";
  }
  return undefined;
}

/** The endpoint's answer for one request, flagging the given categories. */
export function moderationAnswer(body: Record<string, unknown>, flagged: string[]) {
  const parts = Array.isArray(body.input) ? (body.input as Part[]) : [];
  const hasImage = parts.some((part) => part?.type === "image_url");
  const categories = Object.fromEntries(MODERATION_CATEGORIES.map((name) => [name, flagged.includes(name)]));
  const scores = Object.fromEntries(MODERATION_CATEGORIES.map((name) => [name, flagged.includes(name) ? 0.93 : 0.0004]));
  const applied = Object.fromEntries(Object.entries(CATEGORIES).map(([name, types]) => [name, types.filter((type) => type === "text" || hasImage)]));
  return {
    id: `modr-${Math.random().toString(36).slice(2, 10)}`,
    model: "omni-moderation-2024-09-26",
    results: [{ flagged: flagged.length > 0, categories, category_scores: scores, category_applied_input_types: applied }],
  };
}
