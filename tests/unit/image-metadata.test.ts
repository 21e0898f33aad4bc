// Metadata written and removed without decoding pixels: the AI label replaces any earlier XMP packet
// rather than adding a second one, and location comes out of every container we store.
import zlib from "node:zlib";
import exifReader from "exif-reader";
import sharp from "sharp";
import { embedXmp } from "@/lib/imaging/metadata/embed-xmp";
import { pngChunk, pngChunks } from "@/lib/imaging/metadata/containers";
import { FILE_INFLATE_BUDGET, withoutLocation, XMP_INFLATE_LIMIT } from "@/lib/imaging/metadata/strip-location";
import { aiLabelXmp, digitalSourceTypeOf, DIGITAL_SOURCE_TYPES } from "@/lib/imaging/metadata/xmp-packet";
import { compressedXmpChunkData, xmpBombPng } from "../fixtures/png-bombs";

const GPS = { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" };
const picture = () => sharp({ create: { width: 24, height: 16, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.6 } } });

describe("the AI label", () => {
  it.each(["png", "jpeg", "webp"] as const)("replaces an earlier XMP packet in a %s instead of adding a second", async (format) => {
    const buffer = await picture().toFormat(format).toBuffer();
    const asset = { buffer, contentType: `image/${format}`, width: 24, height: 16 };
    const first = await embedXmp(asset, aiLabelXmp({ digitalSourceType: DIGITAL_SOURCE_TYPES.trained, tool: "generate", provider: "flux" }));
    const second = await embedXmp(first, aiLabelXmp({ digitalSourceType: DIGITAL_SOURCE_TYPES.composite, tool: "edit", provider: "openai" }));
    const xmp = (await sharp(second.buffer).metadata()).xmp!.toString();
    expect(digitalSourceTypeOf(xmp)).toBe(DIGITAL_SOURCE_TYPES.composite);
    expect(second.buffer.toString("latin1").split("x:xmpmeta xmlns").length - 1).toBe(1);
    // The pixels are untouched.
    expect((await sharp(second.buffer).raw().toBuffer()).equals(await sharp(buffer).raw().toBuffer())).toBe(true);
  });

  it("leaves a BMP or GIF as it is: neither can carry XMP that readers look at", async () => {
    const gif = await picture().gif().toBuffer();
    const asset = { buffer: gif, contentType: "image/gif", width: 24, height: 16 };
    expect((await embedXmp(asset, aiLabelXmp({ digitalSourceType: DIGITAL_SOURCE_TYPES.trained, tool: "convert", provider: "local" }))).buffer).toBe(gif);
  });

  it("reads the source type from attribute or element form, and ignores other vocabularies", () => {
    expect(digitalSourceTypeOf(`<rdf:Description Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPES.algorithmic}"/>`)).toBe(
      DIGITAL_SOURCE_TYPES.algorithmic,
    );
    expect(digitalSourceTypeOf(`<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPES.trained}</Iptc4xmpExt:DigitalSourceType>`)).toBe(
      DIGITAL_SOURCE_TYPES.trained,
    );
    expect(digitalSourceTypeOf(`<x Iptc4xmpExt:DigitalSourceType="https://example.com/mine"/>`)).toBeNull();
    expect(digitalSourceTypeOf(undefined)).toBeNull();
  });
});

describe("location removal", () => {
  it("empties the GPS directory of a TIFF structure and keeps its other tags", async () => {
    // sharp writes no EXIF into TIFF files, but EXIF is itself a TIFF structure: IFD0 pointing to a GPS directory.
    const jpeg = await picture()
      .withExif({ IFD0: { Make: "Camera" }, IFD3: GPS })
      .jpeg()
      .toBuffer();
    const tiff = (await sharp(jpeg).metadata()).exif!.subarray(6);
    expect(tiff.subarray(0, 2).toString()).toMatch(/II|MM/);
    expect(exifReader(tiff).GPSInfo?.GPSLatitude).toEqual([48, 51, 24]);
    const stripped = withoutLocation(tiff, "image/tiff");
    const exif = exifReader(stripped);
    expect(exif.GPSInfo?.GPSLatitude).toBeUndefined();
    expect(exif.Image?.Make).toBe("Camera");
  });

  it("drops a WebP's XMP that names a place and clears its XMP flag", async () => {
    const located = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Paris"/></rdf:RDF></x:xmpmeta>`;
    const webp = await picture().withXmp(located).webp().toBuffer();
    const stripped = withoutLocation(webp, "image/webp");
    expect(stripped.includes(Buffer.from("Paris"))).toBe(false);
    expect((await sharp(stripped).metadata()).xmp).toBeUndefined();
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
  });

  it("drops a GIF's XMP extension that names a place and keeps the rest of the file", async () => {
    const gif = await picture().gif().toBuffer();
    /** The GIF with an XMP packet as Adobe writes it: after the colour table, ended by the "magic trailer". */
    const withXmp = (xmp: string) => {
      const packed = gif[10]!;
      const at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
      const trailer = Buffer.from([1, ...Array.from({ length: 256 }, (_, index) => 255 - index), 0]);
      const extension = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from("XMP DataXMP", "latin1"), Buffer.from(xmp), trailer]);
      return Buffer.concat([gif.subarray(0, at), extension, gif.subarray(at)]);
    };
    const located = withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description photoshop:City="Paris"/></x:xmpmeta>`);
    const stripped = withoutLocation(located, "image/gif");
    expect(stripped.includes(Buffer.from("Paris"))).toBe(false);
    expect(stripped.equals(gif)).toBe(true);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(located).raw().toBuffer())).toBe(true);
    const unplaced = withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description xmp:CreatorTool="Pictura"/></x:xmpmeta>`);
    expect(withoutLocation(unplaced, "image/gif")).toBe(unplaced);
  });

  it("drops a GIF's XMP extension written as ordinary data sub-blocks when a block boundary splits the place's name", async () => {
    const gif = await picture().gif().toBuffer();
    const packed = gif[10]!;
    const at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
    // The packet cut into sub-blocks of at most 255 bytes, the first ending inside "photoshop:City".
    const prefix = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description xmp:CreatorTool="${"x".repeat(150)}" photo`;
    const packet = Buffer.from(`${prefix}shop:City="Paris"/></x:xmpmeta>`);
    expect(prefix.length).toBeLessThanOrEqual(255);
    const blocks: Buffer[] = [];
    for (let from = 0; from < packet.length; from += prefix.length) {
      const part = packet.subarray(from, Math.min(packet.length, from + prefix.length));
      blocks.push(Buffer.from([part.length]), part);
    }
    const extension = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from("XMP DataXMP", "latin1"), ...blocks, Buffer.from([0])]);
    const located = Buffer.concat([gif.subarray(0, at), extension, gif.subarray(at)]);
    expect(located.includes(Buffer.from("photoshop:City"))).toBe(false);
    const stripped = withoutLocation(located, "image/gif");
    expect(stripped.includes(Buffer.from("Paris"))).toBe(false);
    expect(stripped.equals(gif)).toBe(true);
  });

  it("keeps an XMP packet that names no place (an AI label stays)", async () => {
    const png = await picture().png().toBuffer();
    const labelled = await embedXmp(
      { buffer: png, contentType: "image/png", width: 24, height: 16 },
      aiLabelXmp({ digitalSourceType: DIGITAL_SOURCE_TYPES.trained, tool: "generate", provider: "flux" }),
    );
    expect(withoutLocation(labelled.buffer, "image/png").equals(labelled.buffer)).toBe(true);
  });

  it("stores a file it cannot follow as it came", () => {
    const junk = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3]);
    expect(withoutLocation(junk, "image/jpeg")).toBe(junk);
  });

  describe("compressed XMP in a PNG", () => {
    const located = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description photoshop:City="Paris"/></x:xmpmeta>`;
    const unlocated = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description xmp:CreatorTool="Pictura"/></x:xmpmeta>`;
    const withTextChunks = async (...datas: Buffer[]) => {
      const png = await picture().png().toBuffer();
      const end = png.length - 12;
      return Buffer.concat([png.subarray(0, end), ...datas.map((data) => pngChunk("iTXt", data)), png.subarray(end)]);
    };
    const xmpChunks = (png: Buffer) => pngChunks(png)!.filter((chunk) => chunk.type === "iTXt");

    afterEach(() => jest.restoreAllMocks());

    it("reads a small compressed packet: one naming a place goes, one naming none stays", async () => {
      const png = await withTextChunks(compressedXmpChunkData(Buffer.from(located)), compressedXmpChunkData(Buffer.from(unlocated)));
      const kept = xmpChunks(withoutLocation(png, "image/png"));
      expect(kept).toHaveLength(1);
      expect(zlib.inflateSync(kept[0]!.data.subarray("XML:com.adobe.xmp\0\x01\x00\0\0".length)).toString()).toContain("CreatorTool");
    });

    it("drops whole a packet larger than the cap, since it cannot be checked for a place", async () => {
      const huge = Buffer.concat([Buffer.alloc(XMP_INFLATE_LIMIT, 0x20), Buffer.from(unlocated)]);
      const png = await withTextChunks(compressedXmpChunkData(huge));
      expect(xmpChunks(withoutLocation(png, "image/png"))).toHaveLength(0);
    });

    it("inflates at most its budget from a file of 256 MB bombs, and keeps the pixels", async () => {
      const bomb = await xmpBombPng({ chunks: 4, inflatedBytes: 256 * 1024 * 1024 });
      const inflate = jest.spyOn(zlib, "inflateSync");
      const stripped = withoutLocation(bomb, "image/png");
      expect(xmpChunks(stripped)).toHaveLength(0);
      expect(inflate).toHaveBeenCalled();
      for (const [, options] of inflate.mock.calls) expect((options as zlib.ZlibOptions | undefined)?.maxOutputLength).toBeLessThanOrEqual(XMP_INFLATE_LIMIT);
      const asked = inflate.mock.calls.reduce((sum, [, options]) => sum + ((options as zlib.ZlibOptions).maxOutputLength ?? Infinity), 0);
      expect(asked).toBeLessThanOrEqual(FILE_INFLATE_BUDGET);
      expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(bomb).raw().toBuffer())).toBe(true);
    });
  });
});
