/**
 * @jest-environment node
 */
// The fake S3's signature checks against the examples AWS publishes for Signature Version 4 in S3
// ("Examples: Signature Calculations", header and query-string authentication), so the fake
// accepts what S3 accepts and refuses what it refuses.
import type { IncomingHttpHeaders } from "node:http";
import { checkS3Signature, type S3Credentials } from "../fakes/s3-signature";

const AWS_EXAMPLE: S3Credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };
const HOST = "examplebucket.s3.amazonaws.com";
const SIGNED_AT = Date.UTC(2013, 4, 24);
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const PRESIGNED =
  "/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request" +
  "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host" +
  "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";

const check = (target: string, now: number, headers: IncomingHttpHeaders = { host: HOST }, credentials = AWS_EXAMPLE) =>
  checkS3Signature({ method: "GET", target, headers, body: Buffer.alloc(0) }, credentials, now);

describe("the fake S3's SigV4 checks", () => {
  it("accepts AWS's presigned GET example until X-Amz-Expires runs out, and refuses it after", () => {
    expect(check(PRESIGNED, SIGNED_AT + 60_000)).toEqual({ ok: true, auth: "query" });
    expect(check(PRESIGNED, SIGNED_AT + 86_400_000)).toEqual({ ok: true, auth: "query" });
    expect(check(PRESIGNED, SIGNED_AT + 86_401_000)).toMatchObject({ ok: false, status: 403, code: "AccessDenied", message: "Request has expired" });
  });

  it("refuses the presigned example with one byte changed in its signature, its key, its host or its expiry", () => {
    const now = SIGNED_AT + 60_000;
    const mismatch = { ok: false, status: 403, code: "SignatureDoesNotMatch" };
    expect(check(PRESIGNED.replace(/d404$/, "d405"), now)).toMatchObject(mismatch);
    expect(check(PRESIGNED.replace("/test.txt", "/test.txu"), now)).toMatchObject(mismatch);
    expect(check(PRESIGNED, now, { host: "otherbucket.s3.amazonaws.com" })).toMatchObject(mismatch);
    expect(check(PRESIGNED.replace("X-Amz-Expires=86400", "X-Amz-Expires=86401"), now)).toMatchObject(mismatch);
    expect(check(`${PRESIGNED}&response-content-type=text%2Fhtml`, now)).toMatchObject(mismatch);
    expect(check(PRESIGNED, now, { host: HOST }, { ...AWS_EXAMPLE, secretAccessKey: "another-secret" })).toMatchObject(mismatch);
  });

  it("refuses presigned URLs that are incomplete, too long-lived, for another key or mixed with header auth", () => {
    const now = SIGNED_AT + 60_000;
    expect(check(PRESIGNED.replace("&X-Amz-SignedHeaders=host", ""), now)).toMatchObject({ status: 400, code: "AuthorizationQueryParametersError" });
    expect(check(PRESIGNED.replace("X-Amz-Expires=86400", "X-Amz-Expires=604801"), now)).toMatchObject({
      status: 400,
      code: "AuthorizationQueryParametersError",
    });
    expect(check(PRESIGNED, now, { host: HOST }, { ...AWS_EXAMPLE, accessKeyId: "AKIAOTHER" })).toMatchObject({ status: 403, code: "InvalidAccessKeyId" });
    expect(check(PRESIGNED, now, { host: HOST, authorization: "AWS4-HMAC-SHA256 Credential=x" })).toMatchObject({ status: 400, code: "InvalidArgument" });
  });

  it("accepts AWS's header-signed GET example and refuses it altered, unsigned or out of time", () => {
    const headers = {
      host: HOST,
      range: "bytes=0-9",
      "x-amz-content-sha256": EMPTY_SHA256,
      "x-amz-date": "20130524T000000Z",
      authorization:
        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    };
    expect(check("/test.txt", SIGNED_AT, headers)).toEqual({ ok: true, auth: "header" });
    expect(check("/test.txt", SIGNED_AT, { ...headers, range: "bytes=0-10" })).toMatchObject({ status: 403, code: "SignatureDoesNotMatch" });
    expect(check("/test.txt", SIGNED_AT, { ...headers, "x-amz-meta-extra": "1" })).toMatchObject({ status: 403, code: "AccessDenied" });
    expect(check("/test.txt", SIGNED_AT + 16 * 60_000, headers)).toMatchObject({ status: 403, code: "RequestTimeTooSkewed" });
    expect(check("/test.txt", SIGNED_AT, { ...headers, "x-amz-content-sha256": undefined })).toMatchObject({ status: 400, code: "InvalidRequest" });
  });

  it("treats a request with no signature at all as anonymous", () => {
    expect(check("/test.txt", SIGNED_AT)).toEqual({ ok: true, auth: "anonymous" });
  });
});
