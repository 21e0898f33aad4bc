// Who signs the Content Credentials on results: the operator's certificate from a CA on the C2PA trust
// list when C2PA_SIGNING_KEY and C2PA_CERT_CHAIN are set; otherwise the installation's own identity,
// a private root CA and a signing certificate under it, made once at first use and kept in the
// database with the private key sealed (lib/crypto/secret-box.ts). A leaf that signs itself is
// refused by some readers, so the installation's certificate has a root of its own; a verifier shows
// "issuer not recognized" until it is told to trust that root. The installation signs with Ed25519,
// whose signatures are deterministic: "Make again" gives the same bytes, credentials included. An
// operator's key may be EC P-256 (ES256) or Ed25519.
import "server-only";
import "reflect-metadata";
import { createPrivateKey, createPublicKey, webcrypto, type KeyObject } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { logger } from "@/lib/observability/log";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHMS = {
  Ed25519: { name: "Ed25519" },
  ES256: { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" },
} as const;
export type C2paKeyAlgorithm = keyof typeof ALGORITHMS;
const DAY_MS = 86_400_000;
const INSTALLATION_ROW = "installation";
const log = logger("provenance");
// The email-protection purpose: one of the extended key usages the C2PA specification accepts for a claim signer.
const EMAIL_PROTECTION = "1.3.6.1.5.5.7.3.4";

export interface C2paSigningIdentity {
  /** The signing certificate's private key. */
  privateKey: KeyObject;
  /** The signing certificate, then the certificates up to (not including) the root. */
  chain: x509.X509Certificate[];
  /** The root a verifier must trust, when it is the installation's own; null for an operator's chain. */
  installationRoot: x509.X509Certificate | null;
}

/** The PEM texts of a freshly made installation identity. */
export interface InstallationIdentityPem {
  rootCertificatePem: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** The C2PA settings are set only in part, or cannot be read. */
export class C2paConfigurationError extends Error {}

/** A new private root CA and a signing certificate under it, for an installation without a CA's certificate. */
export async function makeInstallationIdentity(name = "Pictura", now = new Date(), algorithm: C2paKeyAlgorithm = "Ed25519"): Promise<InstallationIdentityPem> {
  const notBefore = new Date(now.getTime() - DAY_MS);
  const keyAlgorithm = ALGORITHMS[algorithm];
  const rootKeys = (await webcrypto.subtle.generateKey(keyAlgorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name} installation root, O=${name}`,
    keys: rootKeys,
    notBefore,
    notAfter: new Date(now.getTime() + 20 * 365 * DAY_MS),
    signingAlgorithm: keyAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const leafKeys = (await webcrypto.subtle.generateKey(keyAlgorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create({
    subject: `CN=${name} Content Credentials, O=${name}`,
    issuer: root.subject,
    publicKey: leafKeys.publicKey,
    signingKey: rootKeys.privateKey,
    notBefore,
    notAfter: new Date(now.getTime() + 10 * 365 * DAY_MS),
    signingAlgorithm: keyAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EMAIL_PROTECTION], false),
      await x509.SubjectKeyIdentifierExtension.create(leafKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", leafKeys.privateKey));
  return {
    rootCertificatePem: root.toString("pem"),
    certificatePem: leaf.toString("pem"),
    privateKeyPem: createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }).export({ format: "pem", type: "pkcs8" }).toString(),
  };
}

/** The C2PA signature algorithm a private key signs with, or null for a key of another kind. */
export function c2paAlgorithmOf(key: KeyObject): C2paKeyAlgorithm | null {
  if (key.asymmetricKeyType === "ed25519") return "Ed25519";
  if (key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1") return "ES256";
  return null;
}

/** The certificates a PEM text holds, in order. */
export function certificatesOf(pem: string): x509.X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new x509.X509Certificate(block));
}

/** The operator's identity from C2PA_SIGNING_KEY and C2PA_CERT_CHAIN, or null when neither is set. */
export function configuredIdentity(): C2paSigningIdentity | null {
  const { C2PA_SIGNING_KEY: keyPem, C2PA_CERT_CHAIN: chainPem } = env();
  if (!keyPem && !chainPem) return null;
  if (!keyPem || !chainPem) {
    throw new C2paConfigurationError("C2PA_SIGNING_KEY and C2PA_CERT_CHAIN go together: set both (PEM), or neither to sign with the installation's own root.");
  }
  let privateKey: KeyObject;
  let chain: x509.X509Certificate[];
  try {
    privateKey = createPrivateKey(keyPem);
  } catch (error) {
    throw new C2paConfigurationError(`C2PA_SIGNING_KEY cannot be read as PEM (an unencrypted private key): ${(error as Error).message}`);
  }
  try {
    chain = certificatesOf(chainPem);
  } catch (error) {
    throw new C2paConfigurationError(`C2PA_CERT_CHAIN cannot be read as PEM certificates: ${(error as Error).message}`);
  }
  if (chain.length === 0) throw new C2paConfigurationError("C2PA_CERT_CHAIN holds no certificate: it must be PEM, the signing certificate first.");
  if (!c2paAlgorithmOf(privateKey)) {
    throw new C2paConfigurationError("C2PA_SIGNING_KEY must be an EC P-256 key (ES256) or an Ed25519 key.");
  }
  return { privateKey, chain, installationRoot: null };
}

/**
 * The start-up check of the operator's signing settings (instrumentation-node.ts, scripts/worker.ts):
 * beyond what configuredIdentity() reads, the key must be the signing certificate's own and that
 * certificate valid now. A server or worker with a bad key refuses to start, saying which setting is
 * wrong, rather than signing results no verifier accepts.
 */
export function assertC2paSigningSettings(now = new Date()): void {
  const identity = configuredIdentity();
  if (!identity) return;
  const [leaf] = identity.chain;
  const keySpki = createPublicKey(identity.privateKey).export({ format: "der", type: "spki" });
  if (!Buffer.from(leaf!.publicKey.rawData).equals(keySpki)) {
    throw new C2paConfigurationError(
      `C2PA_SIGNING_KEY is not the private key of the first certificate in C2PA_CERT_CHAIN (${leaf!.subject}): the chain must start with the signing certificate of that key.`,
    );
  }
  if (leaf!.notAfter.getTime() < now.getTime()) {
    throw new C2paConfigurationError(
      `C2PA_CERT_CHAIN's signing certificate (${leaf!.subject}) expired on ${leaf!.notAfter.toISOString()}: renew it with your CA.`,
    );
  }
  if (leaf!.notBefore.getTime() > now.getTime()) {
    throw new C2paConfigurationError(`C2PA_CERT_CHAIN's signing certificate (${leaf!.subject}) is not valid before ${leaf!.notBefore.toISOString()}.`);
  }
}

function identityOfRow(row: { rootCertificatePem: string; certificatePem: string; sealedPrivateKey: string; privateKeyKeyId: string }): C2paSigningIdentity {
  return {
    privateKey: createPrivateKey(openSecret(row.sealedPrivateKey, row.privateKeyKeyId, "c2pa-signing-key")),
    chain: [new x509.X509Certificate(row.certificatePem)],
    installationRoot: new x509.X509Certificate(row.rootCertificatePem),
  };
}

/** The installation's own identity: read, or made and stored by whichever process asks first (the others read that one). */
export async function installationIdentity(): Promise<C2paSigningIdentity> {
  const stored = await db.c2paSigningIdentity.findUnique({ where: { id: INSTALLATION_ROW } });
  if (stored) return identityOfRow(stored);
  const made = await makeInstallationIdentity();
  const sealed = sealSecret(made.privateKeyPem, "c2pa-signing-key");
  // Insert-or-keep: a process that loses the race keeps the row the winner wrote, and reads it below.
  await db.c2paSigningIdentity.createMany({
    data: [
      {
        id: INSTALLATION_ROW,
        rootCertificatePem: made.rootCertificatePem,
        certificatePem: made.certificatePem,
        sealedPrivateKey: sealed.ciphertext,
        privateKeyKeyId: sealed.keyId,
      },
    ],
    skipDuplicates: true,
  });
  return identityOfRow(await db.c2paSigningIdentity.findUniqueOrThrow({ where: { id: INSTALLATION_ROW } }));
}

let storedRoot: string | null = null;

/**
 * The installation's own root as PEM when one was made, without making one (a reader trusts it; it
 * signs nothing). Once found it is kept for the process: a root, once made, is never replaced.
 */
export async function storedInstallationRootPem(): Promise<string | null> {
  if (storedRoot) return storedRoot;
  const stored = await db.c2paSigningIdentity.findUnique({ where: { id: INSTALLATION_ROW }, select: { rootCertificatePem: true } });
  storedRoot = stored?.rootCertificatePem ?? null;
  return storedRoot;
}

let cached: Promise<C2paSigningIdentity> | null = null;
let lapsedWarned: string | null = null;

/** The operator's signing certificate, by its subject, and when it stops being valid. */
export interface SigningCertificateEnd {
  subject: string;
  notAfter: Date;
}

/** Whether the identity's signing certificate is valid at `now`. */
export function certificateValidAt(identity: C2paSigningIdentity, now = new Date()): boolean {
  const [leaf] = identity.chain;
  return leaf!.notBefore.getTime() <= now.getTime() && now.getTime() <= leaf!.notAfter.getTime();
}

/**
 * When the operator's signing certificate stops being valid (C2PA_CERT_CHAIN), or null without one or
 * with settings that do not read: what the metrics report, so an alert fires before it lapses.
 */
export function configuredCertificateExpiry(): SigningCertificateEnd | null {
  try {
    const leaf = configuredIdentity()?.chain[0];
    return leaf ? { subject: leaf.subject, notAfter: leaf.notAfter } : null;
  } catch {
    return null;
  }
}

/**
 * The identity results are signed with: the configured chain, else the installation's own (read once
 * per process). A process that outlives the operator's certificate (checked at start,
 * assertC2paSigningSettings) signs with the installation's own from then on and says so in its log:
 * results keep coming with credentials a verifier can check, if no longer under the operator's CA,
 * until the certificate is renewed.
 */
export function signingIdentity(now = new Date()): Promise<C2paSigningIdentity> {
  const configured = configuredIdentity();
  if (configured && certificateValidAt(configured, now)) return Promise.resolve(configured);
  if (configured) warnLapsed(configured);
  cached ??= installationIdentity().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

function warnLapsed(identity: C2paSigningIdentity): void {
  const [leaf] = identity.chain;
  if (lapsedWarned === leaf!.serialNumber) return;
  lapsedWarned = leaf!.serialNumber;
  log.error(
    { subject: leaf!.subject, notBefore: leaf!.notBefore.toISOString(), notAfter: leaf!.notAfter.toISOString() },
    "C2PA_CERT_CHAIN's signing certificate is not valid now: results are signed with the installation's own certificate until it is renewed",
  );
}
