import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApi, type TestApi } from "../tests/api-harness";
import { UNGUARDED_PATHS } from "./index";
import { PATH_PARAM, routeKey } from "./platform/http/router";

/** A well-formed id nobody has: the route is matched, then refused for want of a session. */
const ID_SHAPED = "0".repeat(24);

let t: TestApi;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

describe("route policies (ARCHITECTURE §4)", () => {
  it("every route of the Hono app declares a policy", () => {
    const handlers = t.app.routes.filter((r) => r.method !== "ALL");
    expect(handlers.length).toBeGreaterThan(3);
    const missing = handlers
      .map((r) => ({ key: routeKey(r.method, r.path.replace(/^\/api/, "")), path: r.path.replace(/^\/api/, "") }))
      .filter((r) => !t.app.registry.has(r.key) && !UNGUARDED_PATHS.includes(r.path));
    expect(missing).toEqual([]);
  });

  it("every route without the public flag answers 401 with status 1001 when there is no session", async () => {
    const guarded = [...t.app.registry.values()].filter((d) => !("public" in d.policy));
    expect(guarded.length).toBeGreaterThan(0);
    for (const def of guarded) {
      const path = def.path.replace(PATH_PARAM, ID_SHAPED);
      const res = await t.call(def.method.toUpperCase(), path);
      expect({ route: `${def.method} ${def.path}`, status: res.status, code: res.body?.status }).toEqual({
        route: `${def.method} ${def.path}`,
        status: 401,
        code: 1001,
      });
    }
  });

  it("publishes the OpenAPI document with every route", async () => {
    const res = await t.get("openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.paths["/api/auth/login"].post.summary).toMatch(/Sign in/);
    const count = Object.values(res.body.paths as Record<string, object>).reduce(
      (n, ops) => n + Object.keys(ops).length,
      0,
    );
    expect(count).toBe(t.app.registry.size);
  });

  it("serves the reference page and its assets itself, loading nothing from another host", async () => {
    const page = await t.get("docs");
    expect(page.status).toBe(200);
    const srcs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs.length).toBeGreaterThan(1);
    for (const src of srcs) expect(src.startsWith("/")).toBe(true);
    const bundle = await t.get("docs/assets/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
  });

  it("sets security headers on every response, refusals included", async () => {
    for (const res of [await t.get("auth/isLoggedIn"), await t.get("nope"), await t.get("openapi.json")]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  it("answers an unknown path with 404 and status 1004", async () => {
    const res = await t.get("no/such/thing");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, status: 1004 });
  });
});

describe("a failure inside the server (ARCHITECTURE §4)", () => {
  it("answers 500 with the envelope and a plain message, never a stack trace or the database's words", async () => {
    const broken = await testApi();
    await broken.close(); // every query now fails
    const res = await broken.post("auth/login", { body: { email: "admin@liveshop.test", password: "Admin#2026" } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: "Something went wrong", data: null });
    expect(res.text).not.toMatch(/\bat \S+:\d+|pglite|postgres|drizzle|select /i);
  });
});
