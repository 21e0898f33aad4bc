// A fetch that answers a screen's calls from a table ("METHOD /path", query ignored): 200 with the
// entry's JSON, 404 for any call the table does not name. Returns the mock, to read the calls made.
export function answering(routes: Record<string, unknown>): jest.Mock {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    return { ok: key in routes, status: key in routes ? 200 : 404, statusText: "", text: async () => JSON.stringify(routes[key] ?? { error: "not_found" }) };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}
