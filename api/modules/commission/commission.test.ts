import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { shopCommissions, shops } from "#api/db/schema";
import { createCategory } from "#api/db/seed/catalogue-factories";
import { seedCommissions } from "#api/db/seed/commission";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type TestKit } from "../../../tests/factories";

// spec 1 §3, §5, §6, §7 Commission: GET shop/commission/{shopId}, POST/PUT/DELETE shop/commission.

let t: TestApi;
let kit: TestKit;
const cookie = { admin: "", ownerA: "", staffA: "", editorA: "", ownerB: "" };
const shop = { a: "", b: "", gone: "" };
// a small tree: a department, its categories, their sub-categories (the leaves)
const cat: Record<string, string> = {};
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const a = await kit.shop({ name: "Shop A" });
  const b = await kit.shop({ name: "Shop B" });
  const gone = await kit.shop({ name: "Gone Shop", deletedAt: new Date() });
  shop.a = a.id;
  shop.b = b.id;
  shop.gone = gone.id;
  cookie.admin = (await kit.admin()).cookie;
  cookie.ownerA = a.owner.cookie;
  cookie.staffA = (await kit.staff(a, [])).cookie;
  // a staff member who may edit the shop's details still only reads its commission (spec 1 §6: admin alone)
  cookie.editorA = (await kit.staff(a, ["shop:edit-details"])).cookie;
  cookie.ownerB = b.owner.cookie;

  const fashion = await createCategory(t.db, { name: "Fashion" });
  const clothing = await createCategory(t.db, { name: "Clothing", parent: fashion });
  const shoes = await createCategory(t.db, { name: "Shoes", parent: fashion });
  cat.fashion = fashion.id;
  cat.clothing = clothing.id;
  for (const [key, name, parent, commission] of [
    ["dresses", "Dresses", clothing, 12],
    ["shirts", "Shirts", clothing, 12],
    ["jeans", "Jeans_Denim", clothing, 12],
    ["boots", "Boots", shoes, 15],
    ["sneakers", "Sneakers", shoes, 15],
    ["sandals", "Sandals", shoes, 15],
  ] as const) {
    cat[key] = (await createCategory(t.db, { name, parent, commission })).id;
  }
  // leaves for the paging test, on shop B
  for (let i = 1; i <= 12; i++)
    cat[`leaf${i}`] = (await createCategory(t.db, { name: `Leaf ${String(i).padStart(2, "0")}`, parent: clothing })).id;

  // shop A: three commissions on different days (the list is newest first)
  await t.db.insert(shopCommissions).values([
    { shopId: shop.a, categoryId: cat.dresses, percentage: 10, createdAt: day(1), updatedAt: day(1) },
    { shopId: shop.a, categoryId: cat.boots, percentage: 20, createdAt: day(2), updatedAt: day(2) },
    { shopId: shop.a, categoryId: cat.jeans, percentage: 30, createdAt: day(3), updatedAt: day(3) },
  ]);
  await t.db.insert(shopCommissions).values(
    Array.from({ length: 12 }, (_, i) => ({
      shopId: shop.b,
      categoryId: cat[`leaf${i + 1}`],
      percentage: i + 1,
      createdAt: day(i + 1),
      updatedAt: day(i + 1),
    })),
  );
  await t.db.insert(shopCommissions).values({ shopId: shop.gone, categoryId: cat.dresses, percentage: 5 });
});
afterAll(() => t.close());

const list = (shopId: string, query: Record<string, string | number> = {}, as = cookie.admin) =>
  t.get(`shop/commission/${shopId}`, { cookie: as, query });
const names = (res: { body: { data: { categoryId: { name: string } }[] } }) =>
  res.body.data.map((r) => r.categoryId.name);
const add = (body: Record<string, unknown>, as = cookie.admin) => t.post("shop/commission", { cookie: as, body });
const edit = (body: Record<string, unknown>, as = cookie.admin) => t.put("shop/commission", { cookie: as, body });
const remove = (body: Record<string, unknown>, as = cookie.admin) => t.delete("shop/commission", { cookie: as, body });
const stored = async (shopId: string, categoryId: string) =>
  (
    await t.db
      .select()
      .from(shopCommissions)
      .where(and(eq(shopCommissions.shopId, shopId), eq(shopCommissions.categoryId, categoryId)))
  )[0] ?? null;

/** A 400 with the spec's message on the field, and `message` set to it. */
function refused(
  res: { status: number; body: { success: boolean; message: string; errors?: Record<string, string[]> } },
  field: string,
  message: string,
) {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toBe(message);
  expect(res.body.errors?.[field]).toEqual([message]);
}

describe("GET shop/commission/{shopId}", () => {
  it("lists a shop's commissions newest first as spec 1 §3 names them, with count and isNext", async () => {
    const res = await list(shop.a);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 3, isNext: false });
    expect(names(res)).toEqual(["Jeans_Denim", "Boots", "Dresses"]);
    expect(res.body.data[2]).toEqual({
      categoryId: { _id: cat.dresses, name: "Dresses", parent: { _id: cat.clothing, name: "Clothing" } },
      percentage: 10,
      defaultPercentage: 12,
      createdAt: day(1).toISOString(),
      updatedAt: day(1).toISOString(),
    });
  });

  it("pages by 10 at first (spec 1 §7), with skip or page, and refuses a limit above 100", async () => {
    const first = await list(shop.b);
    expect(first.body).toMatchObject({ count: 12, isNext: true });
    expect(first.body.data).toHaveLength(10);
    expect(names(first)[0]).toBe("Leaf 12");
    const second = await list(shop.b, { skip: 10 });
    expect(names(second)).toEqual(["Leaf 02", "Leaf 01"]);
    expect(second.body.isNext).toBe(false);
    expect(names(await list(shop.b, { page: 3, limit: 5 }))).toEqual(["Leaf 02", "Leaf 01"]);
    expect((await list(shop.b, { limit: 101 })).status).toBe(400);
  });

  it("searches the sub-category's name or its category's, regardless of case, with wildcards taken literally", async () => {
    expect(names(await list(shop.a, { search: "BOOT" }))).toEqual(["Boots"]);
    expect((await list(shop.a, { search: "clothing" })).body).toMatchObject({ count: 2 });
    expect(names(await list(shop.a, { searchText: "clothing" }))).toEqual(["Jeans_Denim", "Dresses"]);
    expect(names(await list(shop.a, { search: "s_d" }))).toEqual(["Jeans_Denim"]);
    expect(names(await list(shop.a, { search: "s%d" }))).toEqual([]);
    expect((await list(shop.a, { search: "nothing like it" })).body).toMatchObject({
      data: [],
      count: 0,
      isNext: false,
    });
  });

  it("lets the shop's owner and staff read their own shop's commissions", async () => {
    for (const as of [cookie.ownerA, cookie.staffA, cookie.editorA]) {
      const res = await list(shop.a, {}, as);
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(["Jeans_Denim", "Boots", "Dresses"]);
    }
  });

  it("answers 404/1004 to another shop's owner or staff, and for a shop that does not exist or was deleted", async () => {
    for (const as of [cookie.ownerA, cookie.staffA, cookie.editorA]) {
      const res = await list(shop.b, {}, as);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, status: 1004 });
      expect(res.body.data).toBeNull();
    }
    expect((await list(shop.a, {}, cookie.ownerB)).status).toBe(404);
    expect((await list("no-such-shop")).body).toMatchObject({ status: 1004 });
    expect((await list(shop.gone)).status).toBe(404);
  });

  it("answers 401/1001 without a session", async () => {
    const res = await t.get(`shop/commission/${shop.a}`);
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(1001);
  });
});

describe("POST shop/commission", () => {
  it("adds a commission on a sub-category with the server's message", async () => {
    const res = await add({ shopId: shop.a, categoryId: cat.shirts, percentage: 18 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.commissionAdded });
    expect(res.body.data).toMatchObject({
      categoryId: { _id: cat.shirts, name: "Shirts", parent: { _id: cat.clothing, name: "Clothing" } },
      percentage: 18,
      defaultPercentage: 12,
    });
    expect((await stored(shop.a, cat.shirts))?.percentage).toBe(18);
    // the newest first in the list
    expect(names(await list(shop.a))[0]).toBe("Shirts");
  });

  it("takes the percentage as text too (a form's post)", async () => {
    const res = await add({ shopId: shop.a, categoryId: cat.sandals, percentage: " 100 " });
    expect(res.status).toBe(200);
    expect((await stored(shop.a, cat.sandals))?.percentage).toBe(100);
  });

  it("requires the sub-category ('Please Select Category') and the commission ('Please Enter Commission')", async () => {
    refused(await add({ shopId: shop.a, percentage: 10 }), "categoryId", MSG.commissionCategoryRequired);
    refused(
      await add({ shopId: shop.a, categoryId: "  ", percentage: 10 }),
      "categoryId",
      MSG.commissionCategoryRequired,
    );
    refused(await add({ shopId: shop.a, categoryId: cat.sneakers }), "percentage", MSG.commissionRequired);
    refused(
      await add({ shopId: shop.a, categoryId: cat.sneakers, percentage: "" }),
      "percentage",
      MSG.commissionRequired,
    );
    refused(await add({ categoryId: cat.sneakers, percentage: 10 }), "shopId", MSG.commissionShopRequired);
    expect(await stored(shop.a, cat.sneakers)).toBeNull();
  });

  it("takes an integer from 1 to 100 only: no decimals, signs or other characters", async () => {
    for (const percentage of [0, 101, -5, 12.5, "12.5", "0", "101", "-5", "1e2", "12a", "abc", "12,5", true, [10]]) {
      refused(await add({ shopId: shop.a, categoryId: cat.sneakers, percentage }), "percentage", MSG.commissionRange);
    }
    expect(await stored(shop.a, cat.sneakers)).toBeNull();
    expect((await add({ shopId: shop.a, categoryId: cat.sneakers, percentage: 1 })).status).toBe(200);
    expect((await stored(shop.a, cat.sneakers))?.percentage).toBe(1);
  });

  it("takes sub-categories only: a department or a category is refused, an unknown id is 'Please Select Category'", async () => {
    refused(
      await add({ shopId: shop.a, categoryId: cat.fashion, percentage: 10 }),
      "categoryId",
      MSG.commissionNotSubcategory,
    );
    refused(
      await add({ shopId: shop.a, categoryId: cat.clothing, percentage: 10 }),
      "categoryId",
      MSG.commissionNotSubcategory,
    );
    refused(
      await add({ shopId: shop.a, categoryId: "no-such-category", percentage: 10 }),
      "categoryId",
      MSG.commissionCategoryRequired,
    );
    expect(await stored(shop.a, cat.fashion)).toBeNull();
    expect(await stored(shop.a, cat.clothing)).toBeNull();
  });

  it("sets a sub-category at most once per shop, and keeps the first percentage", async () => {
    refused(await add({ shopId: shop.a, categoryId: cat.dresses, percentage: 55 }), "categoryId", MSG.commissionTaken);
    expect((await stored(shop.a, cat.dresses))?.percentage).toBe(10);
    // another shop may have its own on the same sub-category
    expect((await add({ shopId: shop.b, categoryId: cat.dresses, percentage: 55 })).status).toBe(200);
  });

  it("answers 404/1004 for a shop that does not exist or was deleted", async () => {
    expect((await add({ shopId: "no-such-shop", categoryId: cat.boots, percentage: 10 })).body).toMatchObject({
      success: false,
      status: 1004,
    });
    expect((await add({ shopId: shop.gone, categoryId: cat.boots, percentage: 10 })).status).toBe(404);
    expect(await stored(shop.gone, cat.boots)).toBeNull();
  });

  it("reads only shopId, categoryId and percentage from the payload", async () => {
    const res = await add({
      shopId: shop.b,
      categoryId: cat.boots,
      percentage: 7,
      createdAt: "2001-01-01T00:00:00Z",
      defaultPercentage: 99,
    });
    expect(res.status).toBe(200);
    const row = await stored(shop.b, cat.boots);
    expect(row?.createdAt.getUTCFullYear()).toBeGreaterThan(2001);
    expect(res.body.data.defaultPercentage).toBe(15);
  });
});

describe("PUT shop/commission", () => {
  it("changes the percentage with the server's message", async () => {
    const res = await edit({ shopId: shop.a, categoryId: cat.boots, percentage: "25" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.commissionUpdated,
      data: { categoryId: { _id: cat.boots, name: "Boots" }, percentage: 25 },
    });
    expect((await stored(shop.a, cat.boots))?.percentage).toBe(25);
  });

  it("gives 'Maximum commission value 100' above 100 and the range message below 1 or for decimals and non-digits", async () => {
    for (const percentage of [101, "150", 1000])
      refused(await edit({ shopId: shop.a, categoryId: cat.boots, percentage }), "percentage", MSG.commissionMax);
    for (const percentage of [0, "0", -1, "-1", 10.5, "10.5", "ten", "1e2"])
      refused(await edit({ shopId: shop.a, categoryId: cat.boots, percentage }), "percentage", MSG.commissionRange);
    refused(
      await edit({ shopId: shop.a, categoryId: cat.boots, percentage: " " }),
      "percentage",
      MSG.commissionRequired,
    );
    refused(await edit({ shopId: shop.a, percentage: 10 }), "categoryId", MSG.commissionCategoryRequired);
    expect((await stored(shop.a, cat.boots))?.percentage).toBe(25);
    expect((await edit({ shopId: shop.a, categoryId: cat.boots, percentage: 100 })).status).toBe(200);
  });

  it("answers 404 for a commission the shop does not have, and for a missing or deleted shop", async () => {
    const res = await edit({ shopId: shop.a, categoryId: cat.leaf1, percentage: 10 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.commissionMissing);
    expect(await stored(shop.a, cat.leaf1)).toBeNull();
    expect((await edit({ shopId: "no-such-shop", categoryId: cat.dresses, percentage: 10 })).status).toBe(404);
    expect((await edit({ shopId: shop.gone, categoryId: cat.dresses, percentage: 10 })).status).toBe(404);
    expect((await stored(shop.gone, cat.dresses))?.percentage).toBe(5);
  });
});

describe("DELETE shop/commission", () => {
  it("removes the commission with the server's message; the sub-category can be added again", async () => {
    await add({ shopId: shop.a, categoryId: cat.leaf2, percentage: 40 });
    const res = await remove({ shopId: shop.a, categoryId: cat.leaf2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.commissionDeleted });
    expect(await stored(shop.a, cat.leaf2)).toBeNull();
    expect(names(await list(shop.a, { search: "Leaf 02" }))).toEqual([]);
    // the shop itself is untouched: this is not DELETE shop/{id}
    const [row] = await t.db.select().from(shops).where(eq(shops.id, shop.a));
    expect(row.deletedAt).toBeNull();
    expect((await add({ shopId: shop.a, categoryId: cat.leaf2, percentage: 41 })).status).toBe(200);
  });

  it("answers 404 when there is nothing to remove, and requires the sub-category", async () => {
    const res = await remove({ shopId: shop.a, categoryId: cat.leaf3 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.commissionMissing);
    refused(await remove({ shopId: shop.a }), "categoryId", MSG.commissionCategoryRequired);
    expect((await remove({ shopId: shop.gone, categoryId: cat.dresses })).status).toBe(404);
    expect(await stored(shop.gone, cat.dresses)).not.toBeNull();
  });
});

describe("only admins change commission (spec 1 §6), and a shop's people never reach another shop", () => {
  const people = () =>
    [
      ["owner", cookie.ownerA],
      ["staff", cookie.staffA],
      ["staff who edits the shop", cookie.editorA],
    ] as const;

  it("refuses every write by the shop's own owner and staff with 403, and changes nothing", async () => {
    for (const [, as] of people()) {
      const added = await add({ shopId: shop.a, categoryId: cat.leaf5, percentage: 10 }, as);
      expect(added.status).toBe(403);
      expect(added.body.message).toBe(MSG.forbidden);
      expect((await edit({ shopId: shop.a, categoryId: cat.dresses, percentage: 11 }, as)).status).toBe(403);
      expect((await remove({ shopId: shop.a, categoryId: cat.dresses }, as)).status).toBe(403);
    }
    expect(await stored(shop.a, cat.leaf5)).toBeNull();
    expect((await stored(shop.a, cat.dresses))?.percentage).toBe(10);
  });

  it("refuses the owner and staff of shop A every commission call aimed at shop B", async () => {
    for (const [who, as] of people()) {
      const read = await list(shop.b, { search: "Leaf" }, as);
      expect(read.status, `${who} reads B`).toBe(404);
      expect(read.body.data).toBeNull();
      expect(
        (await add({ shopId: shop.b, categoryId: cat.sneakers, percentage: 10 }, as)).status,
        `${who} adds on B`,
      ).toBe(403);
      expect((await edit({ shopId: shop.b, categoryId: cat.leaf1, percentage: 99 }, as)).status, `${who} edits B`).toBe(
        403,
      );
      expect((await remove({ shopId: shop.b, categoryId: cat.leaf1 }, as)).status, `${who} deletes on B`).toBe(403);
    }
    expect(await stored(shop.b, cat.sneakers)).toBeNull();
    expect((await stored(shop.b, cat.leaf1))?.percentage).toBe(1);
  });

  it("refuses writes without a session with 401/1001", async () => {
    const res = await t.post("shop/commission", { body: { shopId: shop.a, categoryId: cat.leaf7, percentage: 10 } });
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(1001);
    expect(
      (await t.put("shop/commission", { body: { shopId: shop.a, categoryId: cat.dresses, percentage: 10 } })).status,
    ).toBe(401);
    expect((await t.delete("shop/commission", { body: { shopId: shop.a, categoryId: cat.dresses } })).status).toBe(401);
  });
});

describe("demo data: seedCommissions", () => {
  it("gives each shop a handful of commissions on sub-categories of its own departments, and keeps rows already there", async () => {
    const c = await kit.shop({ name: "Seeded Shop", departments: [cat.fashion] });
    const none = await kit.shop({ name: "No Departments" });
    await t.db.insert(shopCommissions).values({ shopId: c.id, categoryId: cat.boots, percentage: 77 });
    await seedCommissions(t.db, [c.id, none.id]);
    await seedCommissions(t.db, [c.id, none.id]);
    const rows = await t.db.select().from(shopCommissions).where(eq(shopCommissions.shopId, c.id));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const fashionLeaves = new Set(
      Object.entries(cat)
        .filter(([k]) => !["fashion", "clothing"].includes(k))
        .map(([, id]) => id),
    );
    for (const row of rows) {
      expect(fashionLeaves.has(row.categoryId)).toBe(true);
      expect(row.percentage).toBeGreaterThanOrEqual(1);
      expect(row.percentage).toBeLessThanOrEqual(100);
    }
    expect(rows.find((r) => r.categoryId === cat.boots)?.percentage).toBe(77);
    expect(await t.db.select().from(shopCommissions).where(eq(shopCommissions.shopId, none.id))).toEqual([]);
  });
});
