// A fetch that answers a screen's calls from a table ("METHOD /path", query ignored): 200 with the
// entry's JSON (or an `Answer`'s own status and body), 404 for any call the table does not name.
// Returns the mock, to read the calls made.

/** A table entry answered with a status of its own, e.g. an error's `{ error, message }`. */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function answering(routes: Record<string, unknown>): jest.Mock {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const entry = routes[key];
    const answer = entry instanceof Answer ? entry : key in routes ? new Answer(200, entry) : new Answer(404, { error: "not_found" });
    return { ok: answer.status < 300, status: answer.status, statusText: "", text: async () => JSON.stringify(answer.body ?? { error: "not_found" }) };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}
