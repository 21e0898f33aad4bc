// Sealed secrets are bound to their purpose: a webhook signing secret sealed before there were other
// purposes still opens (same key, same key id, same associated data), and a secret sealed for one
// purpose does not open as another.
import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { currentKeyId, openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { setSettings } from "../setup/settings";

const KEY_MATERIAL = "an-encryption-key-of-more-than-32-characters";

/** A webhook secret sealed the way releases before purposes sealed it. */
function sealedByEarlierRelease(secret: string): { ciphertext: string; keyId: string } {
  const key = Buffer.from(hkdfSync("sha256", KEY_MATERIAL, "pictura", "webhook-signing-secrets", 32));
  const keyId = Buffer.from(hkdfSync("sha256", KEY_MATERIAL, "pictura", "webhook-signing-secrets key id", 8)).toString("hex");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from("pictura:webhook-signing-secret:v1"));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url"), keyId };
}

beforeEach(() => {
  setSettings({ ENCRYPTION_KEY: KEY_MATERIAL, ENCRYPTION_KEY_PREVIOUS: undefined });
});

describe("secret box", () => {
  it("opens a webhook signing secret sealed before secrets had purposes, under the same key id", () => {
    const earlier = sealedByEarlierRelease("whsec_sealed-by-an-earlier-release");
    expect(currentKeyId()).toBe(earlier.keyId);
    expect(openSecret(earlier.ciphertext, earlier.keyId, "webhook-signing-secret")).toBe("whsec_sealed-by-an-earlier-release");
  });

  it("opens each purpose's secret as that purpose only", () => {
    const totp = sealSecret("JBSWY3DPEHPK3PXP", "totp-secret");
    expect(openSecret(totp.ciphertext, totp.keyId, "totp-secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => openSecret(totp.ciphertext, totp.keyId, "webhook-signing-secret")).toThrow();

    const webhook = sealSecret("whsec_abc", "webhook-signing-secret");
    expect(() => openSecret(webhook.ciphertext, webhook.keyId, "totp-secret")).toThrow();
  });

  it("names the purpose and the missing setting when a secret's key is gone", () => {
    const totp = sealSecret("JBSWY3DPEHPK3PXP", "totp-secret");
    setSettings({ ENCRYPTION_KEY: "another-encryption-key-of-more-than-32-characters" });
    expect(() => openSecret(totp.ciphertext, totp.keyId, "totp-secret")).toThrow(/authenticator app's secret.*ENCRYPTION_KEY_PREVIOUS/);
  });
});
