// The time-stamp authority (RFC 3161) behind C2PA_TSA_URL: the C2PA writer asks it for a time-stamp
// over the claim signature (a v2 time-stamp, `sigTst2`, in the signature's unprotected header), so a
// verifier can tell the signature was made while the certificate was valid. The request goes out as
// RFC 3161 says over HTTP (POST, application/timestamp-query); the answer is read with pkijs, the
// ASN.1 library the writer itself uses.
// A time-stamp is a bonus, never a condition: when the authority is down, slow, refuses, or answers
// something that is not a time-stamp of what was asked, the result is signed without one and the miss
// is logged (event c2pa_timestamp_missed). The user's operation never fails for it.
import "server-only";
import type { TimestampProvider } from "@trustnxt/c2pa-ts/rfc3161";
import { Integer } from "asn1js";
import { PKIStatus, SignedData, TSTInfo, TimeStampResp, type TimeStampReq } from "pkijs";
import { logger } from "@/lib/observability/log";

const log = logger("c2pa");
/** How long a signature waits for the authority before going out without a time-stamp. */
export const TSA_TIMEOUT_MS = 5_000;
const TST_INFO = "1.2.840.113549.1.9.16.1.4";

class TimestampRefused extends Error {}

const same = (a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array) => Buffer.from(a as Uint8Array).equals(Buffer.from(b as Uint8Array));

/** The answer's time-stamp token, when the answer grants one for this very request; otherwise throws why not. */
function checkedAnswer(request: TimeStampReq, body: ArrayBuffer): TimeStampResp {
  const answer = TimeStampResp.fromBER(body);
  const status = answer.status.status;
  if (status !== PKIStatus.granted && status !== PKIStatus.grantedWithMods) throw new TimestampRefused(`the authority refused (status ${status})`);
  if (!answer.timeStampToken) throw new TimestampRefused("the answer holds no time-stamp token");
  const signed = new SignedData({ schema: answer.timeStampToken.content });
  const content = signed.encapContentInfo;
  if (content.eContentType !== TST_INFO || !content.eContent) throw new TimestampRefused("the token holds no TSTInfo");
  const info = TSTInfo.fromBER(content.eContent.getValue());
  if (!same(info.messageImprint.hashedMessage.valueBlock.valueHexView, request.messageImprint.hashedMessage.valueBlock.valueHexView)) {
    throw new TimestampRefused("the token stamps another message");
  }
  if (request.nonce && info.nonce?.toBigInt() !== request.nonce.toBigInt()) {
    throw new TimestampRefused("the token answers another request (nonce)");
  }
  return answer;
}

/**
 * The writer's nonce is ten random bytes taken as an INTEGER: negative when the first is 0x80 or more,
 * not DER's shortest form when it is 0x00. A strict authority refuses either; send the same number of
 * random bits as a positive INTEGER in DER form instead.
 */
function withDerNonce(request: TimeStampReq): TimeStampReq {
  if (!request.nonce) return request;
  const value = request.nonce.toBigInt();
  request.nonce = Integer.fromBigInt((value < 0n ? -value : value) || 1n);
  return request;
}

/** Asks the authority at `url`; answers nothing (and logs why) when no usable time-stamp comes back in time. */
export function timestampAuthority(url: string, timeoutMs = TSA_TIMEOUT_MS): TimestampProvider {
  return {
    async getSignedTimestamp(request: TimeStampReq): Promise<TimeStampResp | undefined> {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
          body: new Uint8Array(withDerNonce(request).toSchema().toBER()),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new TimestampRefused(`the authority answered HTTP ${response.status}`);
        return checkedAnswer(request, await response.arrayBuffer());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ event: "c2pa_timestamp_missed", tsa: new URL(url).origin, reason }, "Content Credentials signed without a time-stamp");
        return undefined;
      }
    },
  };
}
