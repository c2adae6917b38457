import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { shopCommissions } from "#api/db/schema";
import { createAttribute, createCategory } from "#api/db/seed/catalogue-factories";
import { createOwnerWithShop, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../tests/api-harness";
import { API_MODULES, createApi } from "./index";

// Id parameters accept only ids, so no fixed path (`shop/commission`, `user/list`, `attr/multiple`…) is ever read as an
// id: the same calls answer the same whatever order the modules, and the routes inside them, are mounted in.

let t: TestApi;
let cookie = "";
const ids: Record<string, string> = {};

/** The modules and each module's routes in reverse, then in a fixed shuffle. */
const reversed = API_MODULES.map((routes) => [...routes].reverse()).reverse();
const shuffled = [...API_MODULES]
  .map((routes, i) => (i % 2 ? [...routes].reverse() : routes))
  .sort((a, b) => (a[0].path < b[0].path ? 1 : -1));
const apps = () => ({ declared: t.app, reversed: createApi(t.deps, reversed), shuffled: createApi(t.deps, shuffled) });

async function ask(app: ReturnType<typeof createApi>, method: string, path: string, body?: unknown) {
  const res = await app.request(`http://localhost/api/${path}`, {
    method,
    headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { message?: string; data?: unknown };
  return { status: res.status, message: json.message, data: json.data };
}

beforeAll(async () => {
  t = await testApi();
  const admin = await createUser(t.db, {
    role: "admin",
    email: "routing-admin@liveshop.test",
    password: "Admin#2026!",
  });
  cookie = await t.signIn("routing-admin@liveshop.test", "Admin#2026!");
  ids.admin = admin.id;
  ids.shop = (await createOwnerWithShop(t.db, {}, { name: "Routing Shop" })).shop.id;
  const department = await createCategory(t.db, { name: "Routing Department" });
  const category = await createCategory(t.db, { name: "Routing Category", parent: department });
  ids.leaf = (await createCategory(t.db, { name: "Routing Leaf", parent: category })).id;
  ids.attr = (await createAttribute(t.db, { name: "Routing Material" })).id;
});
afterAll(() => t.close());

describe("the order modules are mounted in (ARCHITECTURE §2)", () => {
  it("changes no answer of the calls whose fixed paths sit beside an id path", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "user/list"],
      ["GET", `user/${ids.admin}`],
      ["GET", `user/influencer/${"0".repeat(24)}`],
      ["GET", `attr/multiple?id=${ids.attr}`],
      ["GET", `attr/${ids.attr}`],
      ["GET", "category/subcategory-list"],
      ["GET", `category/${ids.leaf}`],
      ["GET", `shop/commission/${ids.shop}`],
      ["GET", `shop/getdetails/${ids.shop}`],
      ["GET", "shop/getdetails/not-an-id"],
      ["GET", "geo/places/autocomplete?input=George%20St"],
      ["PUT", "product/multiple-variation", {}],
      ["DELETE", "shop/commission", { shopId: ids.shop, categoryId: ids.leaf }],
    ];
    const { declared, reversed, shuffled } = apps();
    for (const [method, path, body] of calls) {
      const expected = await ask(declared, method, path, body);
      expect({ call: `${method} ${path}`, ...(await ask(reversed, method, path, body)) }).toEqual({
        call: `${method} ${path}`,
        ...expected,
      });
      expect({ call: `${method} ${path}`, ...(await ask(shuffled, method, path, body)) }).toEqual({
        call: `${method} ${path}`,
        ...expected,
      });
    }
  });

  it("deletes a shop's commission, never the shop, in every order", async () => {
    for (const app of Object.values(apps())) {
      await t.db.insert(shopCommissions).values({ shopId: ids.shop, categoryId: ids.leaf, percentage: 9 });
      const res = await ask(app, "DELETE", "shop/commission", { shopId: ids.shop, categoryId: ids.leaf });
      expect(res).toMatchObject({ status: 200, message: MSG.commissionDeleted });
      expect((await ask(app, "GET", `shop/getdetails/${ids.shop}`)).status).toBe(200);
    }
  });

  it("documents an id parameter as {id} with the id's pattern", async () => {
    const doc = (await t.get("openapi.json")).body;
    const del = doc.paths["/api/shop/{id}"].delete;
    expect(del.parameters).toContainEqual({
      name: "id",
      in: "path",
      required: true,
      schema: { type: "string", pattern: "^[0-9a-f]{24}$" },
    });
    expect(Object.keys(doc.paths).filter((p) => /[:{][^}]*[{[]/.test(p))).toEqual([]);
  });
});
