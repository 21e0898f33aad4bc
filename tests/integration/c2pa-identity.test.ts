// Who signs Content Credentials: the installation's own root and signing certificate, made once and
// kept with the private key sealed; or the operator's chain when C2PA_SIGNING_KEY and C2PA_CERT_CHAIN are set.
import { db } from "@/lib/db";
import { C2paConfigurationError, configuredIdentity, installationIdentity, makeInstallationIdentity } from "@/lib/provenance/c2pa-identity";
import { signContentCredentials } from "@/lib/provenance/c2pa-sign";
import sharp from "sharp";
import { readContentCredentials } from "../setup/c2pa-reader";
import { setSettings } from "../setup/settings";

const generation = { actions: [{ action: "c2pa.created" as const, softwareAgent: { name: "Pictura" } }] };

describe("the installation's Content Credentials identity", () => {
  beforeEach(async () => {
    await db.c2paSigningIdentity.deleteMany();
  });

  it("is made once when two processes ask at the same time: both sign with the same certificate", async () => {
    const [first, second] = await Promise.all([installationIdentity(), installationIdentity()]);
    expect(await db.c2paSigningIdentity.count()).toBe(1);
    expect(first.chain[0]!.toString("pem")).toBe(second.chain[0]!.toString("pem"));
    expect(first.privateKey.export({ format: "pem", type: "pkcs8" })).toEqual(second.privateKey.export({ format: "pem", type: "pkcs8" }));
    const again = await installationIdentity();
    expect(again.chain[0]!.serialNumber).toBe(first.chain[0]!.serialNumber);
  });

  it("keeps the private key sealed in the database, and its certificate under a root of its own (not self-signed)", async () => {
    const identity = await installationIdentity();
    const row = await db.c2paSigningIdentity.findUniqueOrThrow({ where: { id: "installation" } });
    const pem = identity.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    expect(row.sealedPrivateKey).not.toContain("PRIVATE KEY");
    expect(row.sealedPrivateKey).not.toContain(pem.split("\n")[1]);
    const certificate = identity.chain[0]!;
    expect(certificate.issuer).not.toBe(certificate.subject);
    expect(certificate.issuer).toBe(identity.installationRoot?.subject);
    expect(await certificate.verify({ publicKey: identity.installationRoot!.publicKey, signatureOnly: true })).toBe(true);
  });

  it("signs a result a verifier trusts once given the installation's root", async () => {
    const identity = await installationIdentity();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const signed = await signContentCredentials(png, "png", generation, identity);
    const reading = await readContentCredentials(signed, "image/png", identity.installationRoot!.toString("pem"));
    expect(reading.validationState).toBe("Trusted");
  });
});

describe("an operator's own signing certificate", () => {
  it("is used, with its chain, when C2PA_SIGNING_KEY and C2PA_CERT_CHAIN are set; a verifier trusting its root reads Trusted", async () => {
    const ca = await makeInstallationIdentity("Operator CA", new Date(), "ES256");
    setSettings({ C2PA_SIGNING_KEY: ca.privateKeyPem.replaceAll("\n", "\\n"), C2PA_CERT_CHAIN: ca.certificatePem });
    const identity = configuredIdentity();
    expect(identity?.installationRoot).toBeNull();
    expect(identity?.chain.map((certificate) => certificate.subject)).toEqual(["CN=Operator CA Content Credentials, O=Operator CA"]);
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#654321" } })
      .jpeg()
      .toBuffer();
    const reading = await readContentCredentials(await signContentCredentials(jpeg, "jpeg", generation, identity!), "image/jpeg", ca.rootCertificatePem);
    expect(reading.validationState).toBe("Trusted");
  });

  it("says what is missing when only one of the two is set, or the key cannot be read", () => {
    setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: "-----BEGIN CERTIFICATE-----" });
    expect(() => configuredIdentity()).toThrow(
      new C2paConfigurationError("C2PA_SIGNING_KEY and C2PA_CERT_CHAIN go together: set both (PEM), or neither to sign with the installation's own root."),
    );
    setSettings({ C2PA_SIGNING_KEY: "not a key", C2PA_CERT_CHAIN: "not a chain" });
    expect(() => configuredIdentity()).toThrow(/cannot be read as PEM/);
  });

  it("is not consulted when neither is set", () => {
    setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined });
    expect(configuredIdentity()).toBeNull();
  });
});
