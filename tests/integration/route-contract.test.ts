// What a route handler is given: the caller, its input and the client's facts, and never the request
// itself; a body read as sent, named headers, and the scheduler's secret are the wrapper's to check.
import { POST as photoToolPost } from "@/app/api/[tool]/route";
import { route, routeBySegment } from "@/lib/http/route";
import { photoToolCalls } from "@/lib/tools/server";
import { apiRequest, signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

function contextOf(context: object) {
  return {
    fields: Object.keys(context).sort(),
    // Anything in the context that is the request, or holds it directly.
    requests: Object.entries(context)
      .filter(
        ([, value]) =>
          value instanceof Request || (typeof value === "object" && value !== null && Object.values(value).some((inner) => inner instanceof Request)),
      )
      .map(([name]) => name),
  };
}

it("gives a handler the caller, its input and the client, and no Request", async () => {
  const { cookie, user } = await signedInUser();
  const seen = route({ auth: "user", text: 1024, headers: ["x-probe"] }, (context) => ({
    ...contextOf(context),
    user: context.user.id,
    text: context.text,
    probe: context.headers["x-probe"],
    ip: context.client.ip,
  }));
  const response = await seen(apiRequest("POST", "/api/probe", { cookie, ip: "203.0.113.9", headers: { "x-probe": "yes" }, rawBody: "as sent" }));
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ user: user.id, text: "as sent", probe: "yes", ip: "203.0.113.9", requests: [] });
  expect(body.fields).not.toContain("request");
});

it("runs a scheduled task only for the caller holding CRON_SECRET", async () => {
  const task = route({ auth: "cron" }, () => ({ ran: true }));
  setSettings({ CRON_SECRET: "a-cron-secret-of-some-length" });
  expect((await task(apiRequest("GET", "/api/cron/probe"))).status).toBe(401);
  expect((await task(apiRequest("GET", "/api/cron/probe", { headers: { authorization: "Bearer wrong" } }))).status).toBe(401);
  const allowed = await task(apiRequest("GET", "/api/cron/probe", { headers: { authorization: "Bearer a-cron-secret-of-some-length" } }));
  expect(await allowed.json()).toEqual({ ran: true });
});

it("runs each value of a dynamic segment as its own route, and answers 404 for any other value", async () => {
  const { cookie } = await signedInUser();
  const named = (name: string) => route({ auth: "user" }, () => ({ call: name }));
  const calls = routeBySegment(
    "tool",
    new Map([
      ["first", named("first")],
      ["second", named("second")],
    ]),
  );
  const at = (value: string) => calls(apiRequest("POST", `/api/${value}`, { cookie, body: {} }), { params: Promise.resolve({ tool: value }) });
  expect(await (await at("second")).json()).toEqual({ call: "second" });
  const unknown = await at("third");
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ error: "not_found", message: "There is no such call." });
  // Each value keeps its own wrapper: a signed-out caller is refused by the route it reached.
  expect((await calls(apiRequest("POST", "/api/first", { body: {} }), { params: Promise.resolve({ tool: "first" }) })).status).toBe(401);
});

it("serves every photo tool of the registry, and only those, from app/api/[tool]", () => {
  expect([...photoToolPost.byValue.keys()].sort()).toEqual(
    photoToolCalls()
      .map((call) => call.segment)
      .sort(),
  );
  expect(photoToolCalls().length).toBeGreaterThanOrEqual(3);
});
