// Who signs Content Credentials: the installation's own root and signing certificate, made once and
// kept with the private key sealed; or the operator's chain when C2PA_SIGNING_KEY and C2PA_CERT_CHAIN are set.
import { generateKeyPairSync } from "node:crypto";
import { checkStartup } from "@/instrumentation-node";
import { db } from "@/lib/db";
import {
  assertC2paSigningSettings,
  C2paConfigurationError,
  configuredCertificateExpiry,
  configuredIdentity,
  installationIdentity,
  makeInstallationIdentity,
  signingIdentity,
} from "@/lib/provenance/c2pa-identity";
import { signContentCredentials } from "@/lib/provenance/c2pa-sign";
import sharp from "sharp";
import { readContentCredentials } from "../setup/c2pa-reader";
import { setSettings } from "../setup/settings";
import { spawnWorker } from "./worker-process";

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

describe("an operator's certificate that ends while a worker runs", () => {
  afterEach(() => setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined }));

  it("gives way to the installation's own identity, so results keep credentials a verifier can check", async () => {
    const operator = await makeInstallationIdentity("Ending operator", new Date(), "ES256");
    setSettings({ C2PA_SIGNING_KEY: operator.privateKeyPem, C2PA_CERT_CHAIN: operator.certificatePem });
    expect((await signingIdentity()).chain[0]!.subject).toBe("CN=Ending operator Content Credentials, O=Ending operator");
    // Eleven years on, past its end: the installation's own signs instead.
    const later = await signingIdentity(new Date(Date.now() + 11 * 365 * 86_400_000));
    expect(later.installationRoot).not.toBeNull();
    expect(later.chain[0]!.subject).not.toContain("Ending operator");
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const reading = await readContentCredentials(
      await signContentCredentials(jpeg, "jpeg", generation, later),
      "image/jpeg",
      later.installationRoot!.toString("pem"),
    );
    expect(reading.validationState).toBe("Trusted");
  });

  it("is reported by when it ends, and not at all when none is set or the settings do not read", () => {
    expect(configuredCertificateExpiry()).toBeNull();
    setSettings({ C2PA_SIGNING_KEY: "not a key", C2PA_CERT_CHAIN: "not a chain" });
    expect(configuredCertificateExpiry()).toBeNull();
  });
});

describe("a bad signing key is caught at start", () => {
  const YEAR_MS = 365 * 86_400_000;
  let good: Awaited<ReturnType<typeof makeInstallationIdentity>>;
  let other: Awaited<ReturnType<typeof makeInstallationIdentity>>;
  beforeAll(async () => {
    good = await makeInstallationIdentity("Operator", new Date(), "ES256");
    other = await makeInstallationIdentity("Someone else", new Date(), "ES256");
  });
  afterEach(() => setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined }));

  const pemOf = (key: { export(options: { format: "pem"; type: "pkcs8" }): string | Buffer }) => key.export({ format: "pem", type: "pkcs8" }).toString();

  it("passes a key that is its signing certificate's own, and no settings at all", () => {
    setSettings({ C2PA_SIGNING_KEY: good.privateKeyPem, C2PA_CERT_CHAIN: good.certificatePem });
    expect(() => assertC2paSigningSettings()).not.toThrow();
    setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined });
    expect(() => assertC2paSigningSettings()).not.toThrow();
  });

  it.each([
    ["only the key is set", () => ({ C2PA_SIGNING_KEY: good.privateKeyPem }), /C2PA_SIGNING_KEY and C2PA_CERT_CHAIN go together/],
    ["only the chain is set", () => ({ C2PA_CERT_CHAIN: good.certificatePem }), /C2PA_SIGNING_KEY and C2PA_CERT_CHAIN go together/],
    [
      "the key cannot be read",
      () => ({ C2PA_SIGNING_KEY: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----", C2PA_CERT_CHAIN: good.certificatePem }),
      /^C2PA_SIGNING_KEY cannot be read as PEM/,
    ],
    [
      "the chain holds no certificate",
      () => ({ C2PA_SIGNING_KEY: good.privateKeyPem, C2PA_CERT_CHAIN: "not a certificate" }),
      /^C2PA_CERT_CHAIN holds no certificate/,
    ],
    [
      "the key is another certificate's",
      () => ({ C2PA_SIGNING_KEY: other.privateKeyPem, C2PA_CERT_CHAIN: good.certificatePem }),
      /^C2PA_SIGNING_KEY is not the private key of the first certificate in C2PA_CERT_CHAIN/,
    ],
    [
      "the key is RSA",
      () => ({ C2PA_SIGNING_KEY: pemOf(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey), C2PA_CERT_CHAIN: good.certificatePem }),
      /^C2PA_SIGNING_KEY must be an EC P-256 key \(ES256\) or an Ed25519 key/,
    ],
    [
      "the key is EC P-384",
      () => ({ C2PA_SIGNING_KEY: pemOf(generateKeyPairSync("ec", { namedCurve: "P-384" }).privateKey), C2PA_CERT_CHAIN: good.certificatePem }),
      /^C2PA_SIGNING_KEY must be an EC P-256 key/,
    ],
  ])("refuses when %s, naming the setting", (_, settings, message) => {
    setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined, ...settings() });
    expect(() => assertC2paSigningSettings()).toThrow(C2paConfigurationError);
    expect(() => assertC2paSigningSettings()).toThrow(message);
  });

  it("refuses a signing certificate that has expired, or is not valid yet", async () => {
    const old = await makeInstallationIdentity("Old operator", new Date(Date.now() - 11 * YEAR_MS), "ES256");
    setSettings({ C2PA_SIGNING_KEY: old.privateKeyPem, C2PA_CERT_CHAIN: old.certificatePem });
    expect(() => assertC2paSigningSettings()).toThrow(
      /^C2PA_CERT_CHAIN's signing certificate \(CN=Old operator Content Credentials, O=Old operator\) expired on /,
    );
    const future = await makeInstallationIdentity("Future operator", new Date(Date.now() + 2 * 86_400_000), "ES256");
    setSettings({ C2PA_SIGNING_KEY: future.privateKeyPem, C2PA_CERT_CHAIN: future.certificatePem });
    expect(() => assertC2paSigningSettings()).toThrow(/is not valid before/);
  });

  it("stops the web server's start with the setting's name", async () => {
    setSettings({ C2PA_SIGNING_KEY: other.privateKeyPem, C2PA_CERT_CHAIN: good.certificatePem });
    const said = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as typeof process.exit);
    try {
      expect(await checkStartup()).toBe(false);
      expect(exit).toHaveBeenCalledWith(1);
      expect(String(said.mock.calls[0]?.[0])).toMatch(
        /^Pictura cannot start\. C2PA_SIGNING_KEY is not the private key of the first certificate in C2PA_CERT_CHAIN/,
      );
    } finally {
      said.mockRestore();
      exit.mockRestore();
    }
  });

  it("stops a worker process before it takes a job: it exits 1 and says which setting is wrong", async () => {
    const worker = spawnWorker({ C2PA_SIGNING_KEY: other.privateKeyPem, C2PA_CERT_CHAIN: good.certificatePem }, ["ignore", "pipe", "pipe"]);
    const output: string[] = [];
    worker.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    worker.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const code = await new Promise<number | null>((resolve) => worker.once("exit", resolve));
    expect(code).toBe(1);
    expect(output.join("")).toMatch(/Pictura cannot start\. C2PA_SIGNING_KEY is not the private key of the first certificate in C2PA_CERT_CHAIN/);
    expect(output.join("")).not.toContain('"worker_started"');
  }, 60_000);
});
