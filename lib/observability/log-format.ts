// Readable log lines for a developer's terminal (LOG_FORMAT=pretty, the default under npm run dev):
// the time, the level, the part of the app and the message, then the other fields as name=value, and
// an error's stack below. The JSON line it is made from has already been scrubbed of secrets.
// Small and in-process on purpose: pino-pretty would run as a transport in a worker thread, which
// Next's bundles cannot load.

const COLORS: Readonly<Record<string, string>> = { fatal: "\u001b[41m", error: "\u001b[31m", warn: "\u001b[33m", debug: "\u001b[2m", trace: "\u001b[2m" };
const RESET = "\u001b[0m";

/** Fields every line has, shown in the head of the line or not at all. */
const HEAD_FIELDS = new Set(["time", "level", "msg", "pid", "hostname", "component", "err"]);

function valueText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function stackOf(error: unknown): string {
  if (error === null || typeof error !== "object") return "";
  const { stack, message } = error as { stack?: unknown; message?: unknown };
  return `\n    ${String(typeof stack === "string" ? stack : message).replace(/\n/g, "\n    ")}`;
}

/** One JSON log line as a readable one; a line that is not JSON is passed on unchanged. */
export function formatReadable(line: string, colors = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === "string" ? entry.time.slice(11, 23) : "";
  const level = String(entry.level ?? "info");
  const component = entry.component ? `[${valueText(entry.component)}] ` : "";
  const fields = Object.entries(entry)
    .filter(([name, value]) => !HEAD_FIELDS.has(name) && value !== undefined)
    .map(([name, value]) => `${name}=${valueText(value)}`)
    .join(" ");
  const label = level.toUpperCase().padEnd(5);
  const coloredLabel = colors && COLORS[level] ? `${COLORS[level]}${label}${RESET}` : label;
  return `${time} ${coloredLabel} ${component}${valueText(entry.msg ?? "")}${fields ? `  ${fields}` : ""}${stackOf(entry.err)}\n`;
}
