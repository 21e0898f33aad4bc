// What a route handler is given: the caller, its input and the client's facts, and never the request
// itself; a body read as sent, named headers, and the scheduler's secret are the wrapper's to check.
import { z } from "zod";
import { POST as photoToolPost } from "@/app/api/[tool]/route";
import { json, rawBody } from "@/lib/http/input";
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
  const seen = route({ auth: "session", input: rawBody(1024), headers: ["x-probe"] }, (context) => ({
    ...contextOf(context),
    user: context.user.id,
    text: context.input,
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
  const named = (name: string) => route({ auth: "session" }, () => ({ call: name }));
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

it("parses a declared JSON input with its schema and gives it to the handler as `input`, refusing a bad one with 400", async () => {
  const { cookie } = await signedInUser();
  const echo = route({ auth: "session", input: json(z.object({ name: z.string().min(1, "A name, please.") })) }, ({ input }) => ({ hello: input.name }));
  const good = await echo(apiRequest("POST", "/api/probe", { cookie, body: { name: "Ada" } }));
  expect(await good.json()).toEqual({ hello: "Ada" });
  const bad = await echo(apiRequest("POST", "/api/probe", { cookie, body: { name: "" } }));
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ error: "invalid_request", message: "A name, please." });
});

it("takes a declared allowance before the handler runs, and answers 429 with Retry-After once it is spent", async () => {
  setSettings({ IMAGE_RATE_LIMIT: "2" });
  const { cookie } = await signedInUser();
  let ran = 0;
  const limited = route({ auth: "session", rateLimit: "image" }, () => ({ ran: ++ran }));
  const call = () => limited(apiRequest("POST", "/api/probe", { cookie, ip: "198.51.100.77", body: {} }));
  expect((await call()).status).toBe(200);
  expect((await call()).status).toBe(200);
  const refused = await call();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await refused.json()).error).toBe("rate_limited");
  expect(ran).toBe(2);
});
