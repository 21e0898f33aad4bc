// A browser for the OAuth tests: its cookies for the app's one host, and the headers of the call it is
// making, both shared with a mocked next/headers. Auth.js's sign-in helper (behind GET /api/auth/google)
// reads the request's headers and sets the state and PKCE cookies through next/headers, as Next
// provides them inside a route handler. A test file mocks it with:
//   jest.mock("next/headers", () => jest.requireActual("./oauth-browser").nextHeadersMock);

export const browser = new Map<string, string>();

export const current = { headers: new Headers() };

export const nextHeadersMock = {
  headers: async () => current.headers,
  cookies: async () => ({
    get: (name: string) => (browser.has(name) ? { name, value: browser.get(name) } : undefined),
    getAll: () => [...browser].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void browser.set(name, value),
    delete: (name: string) => void browser.delete(name),
  }),
};

export function cookieHeader(): string {
  return [...browser].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Keeps the cookies an answer sets, and forgets the ones it clears. */
export function keep(response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const index = pair.indexOf("=");
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) browser.delete(pair.slice(0, index));
    else browser.set(pair.slice(0, index), pair.slice(index + 1));
  }
}
