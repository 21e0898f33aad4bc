// Time-stamped Content Credentials: with a time-stamp authority (C2PA_TSA_URL), the claim signature
// carries an RFC 3161 time-stamp the reference implementation reads and checks; an authority that is
// down or refuses leaves the result signed without one, and the miss is logged.
import { createPrivateKey } from "node:crypto";
import sharp from "sharp";
import { certificatesOf, makeInstallationIdentity, type C2paSigningIdentity } from "@/lib/provenance/c2pa-identity";
import { signContentCredentials, type ContentCredentials } from "@/lib/provenance/c2pa-sign";
import { timestampAuthority } from "@/lib/provenance/c2pa-timestamp";
import { FakeTsa } from "../fakes/tsa-server";
import { readContentCredentials, readStore } from "../setup/c2pa-reader";
import { captureLogs } from "./log-pipeline";

const tsa = new FakeTsa();
let identity: C2paSigningIdentity;
let rootPem: string;

beforeAll(async () => {
  await tsa.start();
  const made = await makeInstallationIdentity("Test");
  rootPem = made.rootCertificatePem;
  identity = { privateKey: createPrivateKey(made.privateKeyPem), chain: certificatesOf(made.certificatePem), installationRoot: certificatesOf(rootPem)[0]! };
});
afterAll(() => tsa.stop());
beforeEach(() => {
  tsa.mode = "answer";
});

const generation: ContentCredentials = { actions: [{ action: "c2pa.created", softwareAgent: { name: "Pictura", version: "0.1.0" } }] };
const picture = (format: "png" | "jpeg" = "png") =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366aa" } })
    [format]()
    .toBuffer();

type Reading = {
  validation_state: string;
  active_manifest: string;
  manifests: Record<string, { signature_info?: { time?: string } }>;
  validation_results: { activeManifest: { success: { code: string }[]; failure: { code: string }[] } };
};

describe("Content Credentials with a time-stamp authority", () => {
  it("carry the authority's time-stamp over the signature, which the reference implementation reads and checks", async () => {
    const before = Date.now();
    const signed = await signContentCredentials(await picture(), "png", generation, identity, { timestampProvider: timestampAuthority(tsa.url) });
    expect(tsa.requests.at(-1)).toEqual({ contentType: "application/timestamp-query", certReq: true, hasNonce: true, derNonce: true });
    const read = (await readStore(signed, "image/png", `${rootPem}\n${tsa.rootPem}`)) as unknown as Reading;
    expect(read.validation_state).toBe("Trusted");
    const time = read.manifests[read.active_manifest]?.signature_info?.time;
    expect(time).toBeDefined();
    expect(Math.abs(new Date(time!).getTime() - before)).toBeLessThan(60_000);
    expect(read.validation_results.activeManifest.success.map((entry) => entry.code)).toContain("timeStamp.validated");
    expect(read.validation_results.activeManifest.failure).toEqual([]);
  });

  it("always sends its nonce as a positive INTEGER in DER form, which strict authorities insist on", async () => {
    const before = tsa.requests.length;
    for (let attempt = 0; attempt < 12; attempt++) {
      await signContentCredentials(await picture(), "png", generation, identity, { timestampProvider: timestampAuthority(tsa.url) });
    }
    expect(tsa.requests.slice(before).map((request) => request.derNonce)).toEqual(Array(12).fill(true));
  });

  it("still reads as tampered when one byte of a time-stamped picture changes", async () => {
    const signed = await signContentCredentials(await picture(), "png", generation, identity, { timestampProvider: timestampAuthority(tsa.url) });
    const changed = Buffer.from(signed);
    changed[changed.length - 100]! ^= 0x01;
    expect((await readContentCredentials(changed, "image/png", rootPem)).validationState).toBe("Invalid");
  });

  it.each([
    ["refuses", "refuse" as const, /refused/],
    ["fails", "error" as const, /HTTP 500/],
  ])("signs without a time-stamp when the authority %s, and logs the miss", async (_, mode, reason) => {
    tsa.mode = mode;
    const logs = captureLogs();
    try {
      const signed = await signContentCredentials(await picture(), "png", generation, identity, { timestampProvider: timestampAuthority(tsa.url) });
      const read = (await readStore(signed, "image/png", rootPem)) as unknown as Reading;
      expect(read.validation_state).toBe("Trusted");
      expect(read.manifests[read.active_manifest]?.signature_info?.time).toBeUndefined();
      expect(logs.lines()).toContainEqual(expect.objectContaining({ event: "c2pa_timestamp_missed", reason: expect.stringMatching(reason) }));
    } finally {
      logs.stop();
    }
  });

  it("signs without a time-stamp when nothing listens at the authority's address", async () => {
    const down = new FakeTsa();
    await down.start();
    const url = down.url;
    await down.stop();
    const logs = captureLogs();
    try {
      const signed = await signContentCredentials(await picture("jpeg"), "jpeg", generation, identity, { timestampProvider: timestampAuthority(url) });
      expect((await readContentCredentials(signed, "image/jpeg", rootPem)).validationState).toBe("Trusted");
      expect(logs.lines()).toContainEqual(expect.objectContaining({ event: "c2pa_timestamp_missed", tsa: new URL(url).origin }));
    } finally {
      logs.stop();
    }
  });
});
