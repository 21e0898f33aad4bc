import { encode } from "next-auth/jwt";
import { decodeSessionToken } from "@/lib/auth/session-token";

const secret = "unit-secret-with-at-least-thirty-two-characters";
const salt = "pictura.session-token";

describe("reading a session token", () => {
  it("reads what Auth.js wrote, again and again", async () => {
    const token = await encode({ salt, secret, token: { sub: "user-1", email: "a@example.com" } });
    expect((await decodeSessionToken({ token, secret, salt })).sub).toBe("user-1");
    expect((await decodeSessionToken({ token, secret, salt })).sub).toBe("user-1");
  });

  it("refuses a token made with another secret or for another cookie", async () => {
    const token = await encode({ salt, secret, token: { sub: "user-1" } });
    await expect(decodeSessionToken({ token, secret: `${secret}-other`, salt })).rejects.toThrow();
    await expect(decodeSessionToken({ token, secret, salt: "__Secure-pictura.session-token" })).rejects.toThrow();
  });

  it("refuses a tampered token even after reading the genuine one", async () => {
    const token = await encode({ salt, secret, token: { sub: "user-1" } });
    await decodeSessionToken({ token, secret, salt });
    const parts = token.split(".");
    const ciphertext = parts[3]!;
    parts[3] = `${ciphertext.slice(0, -2)}${ciphertext.endsWith("AA") ? "BB" : "AA"}`;
    await expect(decodeSessionToken({ token: parts.join("."), secret, salt })).rejects.toThrow();
  });

  it("refuses an expired token, also one it read while it was valid", async () => {
    const token = await encode({ salt, secret, maxAge: 60, token: { sub: "user-1" } });
    await decodeSessionToken({ token, secret, salt });
    const later = Date.now() + 120_000;
    const now = jest.spyOn(Date, "now").mockReturnValue(later);
    try {
      await expect(decodeSessionToken({ token, secret, salt })).rejects.toThrow();
    } finally {
      now.mockRestore();
    }
  });
});
