// The AI label every stored result carries: an XMP packet with the IPTC digital source type (read by
// Google, Meta and Adobe, and the EU AI Act's machine-readable marking), the tool and provider that
// made it, and Pictura as the creator tool.
const IPTC_SOURCE_TYPES = "http://cv.iptc.org/newscodes/digitalsourcetype/";

export const DIGITAL_SOURCE_TYPES = {
  /** Made from a prompt by a trained model. */
  trained: `${IPTC_SOURCE_TYPES}trainedAlgorithmicMedia`,
  /** A photo changed by a trained model (edits, removals, cartoons). */
  composite: `${IPTC_SOURCE_TYPES}compositeWithTrainedAlgorithmicMedia`,
  /** Made by a program without a trained model (the offline engine's procedural pictures). */
  algorithmic: `${IPTC_SOURCE_TYPES}algorithmicMedia`,
} as const;

export interface AiLabel {
  /** A full IPTC digital source type URI. */
  digitalSourceType: string;
  /** The operation that made the file: its kind, e.g. "generate" or "convert". */
  tool: string;
  /** The provider that did the work, e.g. "local", "flux", "openai". */
  provider: string;
}

export const CREATOR_TOOL = "Pictura";
const PICTURA_NS = "https://pictura.app/ns/xmp/1.0/";

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);
}

export function aiLabelXmp(label: AiLabel): string {
  return [
    `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">`,
    ` <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `  <rdf:Description rdf:about=""`,
    `    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"`,
    `    xmlns:xmp="http://ns.adobe.com/xap/1.0/"`,
    `    xmlns:pictura="${PICTURA_NS}"`,
    `    Iptc4xmpExt:DigitalSourceType="${escapeXml(label.digitalSourceType)}"`,
    `    Iptc4xmpExt:AISystemUsed="${escapeXml(`${CREATOR_TOOL} (${label.provider})`)}"`,
    `    xmp:CreatorTool="${CREATOR_TOOL}"`,
    `    pictura:Tool="${escapeXml(label.tool)}"`,
    `    pictura:Provider="${escapeXml(label.provider)}"/>`,
    ` </rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="w"?>`,
  ].join("\n");
}

/** The digital source type an XMP packet declares (as attribute or element), or null. */
export function digitalSourceTypeOf(xmp: string | Buffer | undefined | null): string | null {
  if (!xmp) return null;
  const text = typeof xmp === "string" ? xmp : xmp.toString("utf8");
  const match =
    /Iptc4xmpExt:DigitalSourceType\s*(?:=\s*["']([^"']+)["']|>\s*([^<\s]+)\s*<)/.exec(text) ?? /DigitalSourceType\s*=\s*["']([^"']+)["']/.exec(text);
  const value = match?.[1] ?? match?.[2];
  return value && value.startsWith(IPTC_SOURCE_TYPES) ? value : null;
}
