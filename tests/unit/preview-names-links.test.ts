// A preview's name becomes SQL identifiers and storage paths, so only plain names pass; the outbox
// shows a mail's web addresses as links, and nothing else in its text.
import { previewIdentity, PreviewNameError, previewIdOf } from "@/lib/preview/names";
import { splitLinks } from "@/lib/preview/text-links";

describe("preview names", () => {
  it("derives the database and storage prefix, with - as _", () => {
    expect(previewIdentity("pr-12")).toEqual({ name: "pr-12", id: "pr_12", database: "pictura_preview_pr_12", storagePrefix: "previews/pr_12" });
    expect(previewIdOf("pictura_preview_pr_12")).toBe("pr_12");
    expect(previewIdOf("pictura")).toBeNull();
  });

  it.each(["", "PR-12", "pr 12", "pr;drop", "_pr", "pr\u0000", "a".repeat(41), "prévia"])("refuses %p", (name) => {
    expect(() => previewIdentity(name)).toThrow(PreviewNameError);
  });

  it("keeps the database name within PostgreSQL's 63 bytes", () => {
    expect(previewIdentity("a".repeat(40)).database.length).toBeLessThanOrEqual(63);
  });
});

describe("links in a mail's text", () => {
  it("turns web addresses into links and leaves the rest as text", () => {
    const text = "Hello Ada,\n\nOpen https://preview.example/de/auth/verify?token=abc_123.\n\nThanks";
    expect(splitLinks(text)).toEqual([
      { kind: "text", text: "Hello Ada,\n\nOpen " },
      { kind: "link", href: "https://preview.example/de/auth/verify?token=abc_123", text: "https://preview.example/de/auth/verify?token=abc_123" },
      { kind: "text", text: ".\n\nThanks" },
    ]);
  });

  it("never makes a link of anything but http(s), and keeps markup as plain text", () => {
    const text = 'javascript:alert(1) <a href="x">y</a> data:text/html,hi ftp://files.example';
    expect(splitLinks(text)).toEqual([{ kind: "text", text }]);
    expect(splitLinks("")).toEqual([]);
  });

  it("stops an address at a quote or angle bracket a name could bring in", () => {
    const parts = splitLinks('See http://a.example/x"onmouseover="alert(1) and <http://b.example/y>');
    expect(parts.filter((part) => part.kind === "link").map((part) => part.kind === "link" && part.href)).toEqual(["http://a.example/x", "http://b.example/y"]);
  });
});
