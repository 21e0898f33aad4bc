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
