import { countryFromHeaders, deviceFromUserAgent } from "@/lib/auth/device";

describe("the device a session is shown with", () => {
  it.each([
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on macOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1", "Chrome on iPadOS"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0", "Opera on Windows"],
    ["curl/8.5.0", null],
    ["", null],
  ])("reads %s as %s", (agent, device) => {
    expect(deviceFromUserAgent(agent)).toBe(device);
  });

  it("takes a two-letter country from the first country header, and no placeholder codes", () => {
    expect(countryFromHeaders(new Headers({ "cf-ipcountry": "de" }))).toBe("DE");
    expect(countryFromHeaders(new Headers({ "x-vercel-ip-country": "JP" }))).toBe("JP");
    expect(countryFromHeaders(new Headers({ "cf-ipcountry": "XX", "x-vercel-ip-country": "FR" }))).toBe("FR");
    expect(countryFromHeaders(new Headers({ "cf-ipcountry": "T1" }))).toBeNull();
    expect(countryFromHeaders(new Headers({ "cf-ipcountry": "<script>" }))).toBeNull();
    expect(countryFromHeaders(new Headers())).toBeNull();
  });
});
