import { safeReturnPath } from "@/lib/http/return-path";

describe("safeReturnPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeReturnPath("/subscription?plan=pro")).toBe("/subscription?plan=pro");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/api/auth/logout", ""])(
    "replaces %p with the fallback",
    (value) => {
      expect(safeReturnPath(value, "/")).toBe("/");
    },
  );
});

describe("safeReturnPath with characters a Location header cannot carry raw", () => {
  it.each([
    ["/é", "/%C3%A9"],
    ["/\u202e", "/%E2%80%AE"],
    ["/gallery?q=日本", "/gallery?q=%E6%97%A5%E6%9C%AC"],
  ])("percent-encodes %p so the redirect neither fails nor garbles it", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
    expect(() => new Headers({ location: safeReturnPath(value) })).not.toThrow();
  });

  it("refuses a path that only reaches the API after dot segments are resolved", () => {
    expect(safeReturnPath("/gallery/../api/auth/logout")).toBe("/");
  });
});
