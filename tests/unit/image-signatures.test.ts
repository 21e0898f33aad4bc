/**
 * @jest-environment node
 */
// One list of image signatures decides what a file is, on the server and in the converter alike.
import sharp from "sharp";
import { detectFormat } from "@/components/tools/file-conversion/formats";
import { sniffFormat } from "@/lib/imaging/input";
import { formatBySignature } from "@/lib/imaging/signatures";

async function encoded(format: "png" | "jpeg" | "webp" | "gif" | "tiff"): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: "#3366cc" } })
    .toFormat(format)
    .toBuffer();
}

// A 2×1 BMP header is enough for its signature: "BM" and the file size.
const BMP_HEAD = Buffer.from([0x42, 0x4d, 0x3e, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]);

describe("image signatures", () => {
  it("names every format we read by its bytes, whatever the MIME type claims", async () => {
    for (const format of ["png", "jpeg", "webp", "gif", "tiff"] as const) {
      const bytes = await encoded(format);
      expect(formatBySignature(bytes)).toBe(format);
      expect(sniffFormat(bytes)).toBe(format);
      expect(detectFormat(new Uint8Array(bytes.subarray(0, 16)), "image/gif")).toBe(format);
    }
    expect(formatBySignature(BMP_HEAD)).toBe("bmp");
    expect(detectFormat(new Uint8Array(BMP_HEAD))).toBe("bmp");
  });

  it("names nothing for text, a RIFF file that is not WebP, or a truncated signature", () => {
    expect(formatBySignature(Buffer.from("hello world"))).toBeNull();
    expect(formatBySignature(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(formatBySignature(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(formatBySignature(Buffer.from([0xff, 0xd8]))).toBeNull();
    // The converter then falls back on the MIME type, the server refuses the file.
    expect(detectFormat(new Uint8Array(Buffer.from("hello")), "image/png")).toBe("png");
    expect(sniffFormat(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe("svg");
  });
});
