import { baseName, uniqueNamer } from "@/components/tools/batch/batch-names";

describe("names of a batch's results", () => {
  it("follow the originals with the tool's suffix and the result's extension", () => {
    const name = uniqueNamer("-no-bg");
    expect(name("photo-1.jpg", "image/png")).toBe("photo-1-no-bg.png");
    expect(name("Holiday Shot.JPEG", "image/png")).toBe("Holiday Shot-no-bg.png");
    const converted = uniqueNamer();
    expect(converted("photo-1.png", "image/webp")).toBe("photo-1.webp");
    expect(converted("scan.tif", "image/jpeg")).toBe("scan.jpg");
  });

  it("never repeat a name inside one archive", () => {
    const name = uniqueNamer();
    expect(["a.png", "a.jpg", "A.gif"].map((original) => name(original, "image/webp"))).toEqual(["a.webp", "a-2.webp", "A-3.webp"]);
  });

  it("keep no path, control characters or reserved characters", () => {
    expect(baseName("../../etc/passwd")).toBe("passwd");
    expect(baseName("C:\\Users\\me\\cat?.png")).toBe("cat");
    expect(baseName("bad\u0007name<>.png")).toBe("badname");
    expect(baseName(".hidden")).toBe("image");
    expect(baseName("...png")).toBe("image");
  });
});
