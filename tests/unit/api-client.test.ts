/**
 * @jest-environment node
 */
// How a failed call's answer becomes the error the screens show, for every way the browser calls us.
import { ApiError, apiErrorFrom } from "@/lib/api/client";

describe("apiErrorFrom", () => {
  it("keeps the server's code and words from an { error, message } answer", () => {
    const error = apiErrorFrom(402, JSON.stringify({ error: "insufficient_credits", message: "Not enough credits." }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: "insufficient_credits", serverMessage: "Not enough credits." });
    expect(error.message).toBe('402: {"error":"insufficient_credits","message":"Not enough credits."}');
  });

  it("keeps only the status of an answer that is not our JSON, and names the status text of an empty one", () => {
    expect(apiErrorFrom(502, "<html>Bad gateway</html>")).toMatchObject({ status: 502, code: undefined, serverMessage: undefined });
    expect(apiErrorFrom(500, "null")).toMatchObject({ status: 500, code: undefined, serverMessage: undefined });
    expect(apiErrorFrom(503, "", "Service Unavailable").message).toBe("503: Service Unavailable");
  });
});
