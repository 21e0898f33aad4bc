// A fake time-stamp authority on 127.0.0.1 that speaks RFC 3161 over HTTP: it reads the
// TimeStampReq a client POSTs (application/timestamp-query) and answers a TimeStampResp whose token
// is a CMS SignedData over a TSTInfo (the request's message imprint and nonce, the time), signed with
// signed attributes (content type, message digest, ESS signing-certificate-v2) by a TSA certificate
// with the critical timeStamping purpose, under a root of its own. `mode` makes it refuse or fail.
import "reflect-metadata";
import { createHash, webcrypto } from "node:crypto";
import { createServer, type Server } from "node:http";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";
import {
  Attribute,
  Certificate,
  ContentInfo,
  CryptoEngine,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  PKIStatus,
  PKIStatusInfo,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
} from "pkijs";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

const TST_INFO = "1.2.840.113549.1.9.16.1.4";
const TIME_STAMPING = "1.3.6.1.5.5.7.3.8";
const EC = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const sha256 = (bytes: ArrayBuffer | Uint8Array) => new Uint8Array(createHash("sha256").update(new Uint8Array(bytes)).digest());

export class FakeTsa {
  /** What each request asked, as the fake read it; `derNonce`: its nonce a positive INTEGER in DER's shortest form. */
  readonly requests: { contentType: string | undefined; certReq: boolean; hasNonce: boolean; derNonce: boolean }[] = [];
  /** "answer" grants; "refuse" answers status rejection; "error" answers HTTP 500. */
  mode: "answer" | "refuse" | "error" = "answer";
  rootPem = "";
  private server: Server | null = null;
  private keys: CryptoKeyPair | null = null;
  private certificate: Certificate | null = null;
  private serial = 1;
  private readonly engine = new CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto });

  get url(): string {
    return `${loopbackOrigin(this.server, "time-stamp authority")}/tsa`;
  }

  async start(): Promise<void> {
    x509.cryptoProvider.set(webcrypto as unknown as Crypto);
    const now = Date.now();
    const rootKeys = (await webcrypto.subtle.generateKey(EC, true, ["sign", "verify"])) as CryptoKeyPair;
    const root = await x509.X509CertificateGenerator.createSelfSigned({
      name: "CN=Fake TSA root, O=Test",
      keys: rootKeys,
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 365 * 86_400_000),
      signingAlgorithm: EC,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
    });
    this.keys = (await webcrypto.subtle.generateKey(EC, true, ["sign", "verify"])) as CryptoKeyPair;
    const leaf = await x509.X509CertificateGenerator.create({
      subject: "CN=Fake TSA, O=Test",
      issuer: root.subject,
      publicKey: this.keys.publicKey,
      signingKey: rootKeys.privateKey,
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 365 * 86_400_000),
      signingAlgorithm: EC,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
        new x509.ExtendedKeyUsageExtension([TIME_STAMPING], true),
      ],
    });
    this.rootPem = root.toString("pem");
    this.certificate = Certificate.fromBER(leaf.rawData);
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        void this.answer(Buffer.concat(chunks), request.headers["content-type"])
          .then((body) => response.writeHead(200, { "content-type": "application/timestamp-reply" }).end(body))
          .catch(() => response.writeHead(500).end());
      });
    });
    await listenOnLoopback(this.server);
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }

  private async answer(body: Buffer, contentType: string | undefined): Promise<Buffer> {
    const request = TimeStampReq.fromBER(new Uint8Array(body));
    const nonce = request.nonce?.valueBlock.valueHexView;
    const derNonce = !!nonce && nonce[0]! < 0x80 && !(nonce[0] === 0 && nonce.length > 1 && nonce[1]! < 0x80);
    this.requests.push({ contentType, certReq: request.certReq ?? false, hasNonce: request.nonce !== undefined, derNonce });
    if (this.mode === "error") throw new Error("down");
    if (this.mode === "refuse") {
      return Buffer.from(new TimeStampResp({ status: new PKIStatusInfo({ status: PKIStatus.rejection }) }).toSchema().toBER());
    }
    const certificate = this.certificate!;
    const tstInfo = new TSTInfo({
      version: 1,
      policy: "1.3.6.1.4.1.4146.2.3",
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ value: this.serial++ }),
      genTime: new Date(),
      // The nonce's value, in DER's shortest form whatever form the request used (as a TSA re-encodes it).
      ...(request.nonce ? { nonce: asn1js.Integer.fromBigInt(request.nonce.toBigInt()) } : {}),
    });
    const encoded = tstInfo.toSchema().toBER();
    // ESS signing-certificate-v2 (RFC 5035): the TSA certificate's SHA-256 (the default algorithm, so not written).
    const signingCertificate = new asn1js.Sequence({
      value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: sha256(certificate.toSchema().toBER()) })] })] })],
    });
    const signed = new SignedData({
      version: 3,
      encapContentInfo: new EncapsulatedContentInfo({ eContentType: TST_INFO, eContent: new asn1js.OctetString({ valueHex: encoded }) }),
      signerInfos: [
        new SignerInfo({
          version: 1,
          sid: new IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          signedAttrs: new SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new Attribute({ type: "1.2.840.113549.1.9.3", values: [new asn1js.ObjectIdentifier({ value: TST_INFO })] }),
              new Attribute({ type: "1.2.840.113549.1.9.4", values: [new asn1js.OctetString({ valueHex: sha256(encoded) })] }),
              new Attribute({ type: "1.2.840.113549.1.9.16.2.47", values: [signingCertificate] }),
            ],
          }),
        }),
      ],
      certificates: request.certReq ? [certificate] : [],
    });
    // pkijs turns eContent into a constructed (BER) OCTET STRING; a token is DER, as verifiers read it.
    signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: encoded });
    await signed.sign(this.keys!.privateKey, 0, "SHA-256", undefined, this.engine);
    const answer = new TimeStampResp({
      status: new PKIStatusInfo({ status: PKIStatus.granted }),
      timeStampToken: new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signed.toSchema(true) }),
    });
    return Buffer.from(answer.toSchema().toBER());
  }
}
