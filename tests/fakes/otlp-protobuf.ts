// The few fields of an OTLP ExportTraceServiceRequest the fake collector keeps, read from its
// protobuf encoding (opentelemetry-proto's trace.proto and common.proto): each resource's
// service.name, and each span's trace id, span id, parent span id, name and kind. Other fields are
// skipped by their wire type, as any protobuf reader skips fields it does not know.
import type { CollectedSpan } from "./otlp-collector";

interface Field {
  number: number;
  /** A varint's value, or 0 for other wire types. */
  value: number;
  /** A length-delimited field's bytes. */
  bytes: Buffer;
}

function* fields(buffer: Buffer): Generator<Field> {
  let offset = 0;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buffer[offset++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  while (offset < buffer.length) {
    const key = varint();
    const wireType = key & 7;
    const number = Math.floor(key / 8);
    if (wireType === 0) yield { number, value: varint(), bytes: Buffer.alloc(0) };
    else if (wireType === 2) {
      const length = varint();
      yield { number, value: 0, bytes: buffer.subarray(offset, offset + length) };
      offset += length;
    } else if (wireType === 1) offset += 8;
    else if (wireType === 5) offset += 4;
    else throw new Error(`Unexpected protobuf wire type ${wireType}`);
  }
}

const each = (buffer: Buffer, number: number) => [...fields(buffer)].filter((field) => field.number === number);
const first = (buffer: Buffer, number: number) => each(buffer, number)[0];

/** Resource.attributes (1) → KeyValue { key (1), value (2): AnyValue { string_value (1) } }. */
function serviceName(resource: Buffer | undefined): string {
  for (const attribute of resource ? each(resource, 1) : []) {
    if (first(attribute.bytes, 1)?.bytes.toString("utf8") !== "service.name") continue;
    const value = first(attribute.bytes, 2)?.bytes;
    return value ? (first(value, 1)?.bytes.toString("utf8") ?? "") : "";
  }
  return "";
}

/** ExportTraceServiceRequest.resource_spans (1) → resource (1), scope_spans (2) → spans (2). */
export function decodeTraceExport(body: Buffer): CollectedSpan[] {
  const spans: CollectedSpan[] = [];
  for (const resourceSpans of each(body, 1)) {
    const service = serviceName(first(resourceSpans.bytes, 1)?.bytes);
    for (const scopeSpans of each(resourceSpans.bytes, 2))
      for (const span of each(scopeSpans.bytes, 2))
        spans.push({
          service,
          traceId: first(span.bytes, 1)?.bytes.toString("hex") ?? "",
          spanId: first(span.bytes, 2)?.bytes.toString("hex") ?? "",
          parentSpanId: first(span.bytes, 4)?.bytes.toString("hex") ?? "",
          name: first(span.bytes, 5)?.bytes.toString("utf8") ?? "",
          kind: first(span.bytes, 6)?.value ?? 0,
        });
  }
  return spans;
}
