import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { zoneDay } from "#contract/core/days";
import { coupons } from "#api/db/schema";
import { newId } from "#api/platform/data/ids";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// spec 2 §3, §5, §7 Coupon; ADR 0028.

let t: TestApi;
let kit: TestKit;
let catalogue: Awaited<ReturnType<TestKit["catalogue"]>>;
let a: KitShop;
let b: KitShop;
type Who = "admin" | "owner" | "owner2" | "adder" | "editor" | "nobody" | "staff2";
const cookie = {} as Record<Who, string>;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Coupon Shop A", departments: [catalogue.department.id] });
  b = await kit.shop({ name: "Coupon Shop B", departments: [catalogue.department.id, catalogue.otherDepartment.id] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.adder = (await kit.staff(a, ["coupon:add"])).cookie;
  cookie.editor = (await kit.staff(a, ["coupon:edit"])).cookie;
  cookie.nobody = (await kit.staff(a, ["product:add"])).cookie;
  cookie.staff2 = (await kit.staff(b, ["coupon:add", "coupon:edit"])).cookie;
});
afterAll(() => t.close());

let n = 0;
const code = (stem = "SAVE") => `${stem}${++n}`;
const image = (as: string) => kit.upload(as, "catalogueImage");

/** A valid POST coupon body for `as` in the kit catalogue's Kit Fashion → Kit Tops → Kit Shirts. */
async function body(as: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Coupon ${++n}`,
    code: code(),
    image: await image(as),
    description: "Ten off shirts",
    department: catalogue.department.id,
    category: catalogue.category.id,
    subcategory: catalogue.leaf.id,
    minOrderPrice: 50,
    quantity: 10,
    start: "2026-01-01",
    end: "2099-12-31",
    discountType: "flat",
    discount: 10,
    type: "one",
    ...extra,
  };
}
const add = (b: Record<string, unknown>, as = cookie.admin) => t.post("coupon", { cookie: as, body: b });
async function made(as = cookie.admin, extra: Record<string, unknown> = {}) {
  const res = await add(await body(as, extra), as);
  expect(res.status).toBe(200);
  return res.body.data as {
    _id: string;
    code: string;
    name: string;
    image: string;
    quantity: number;
    status: string;
    start: string;
    end: string;
  };
}
const editData = (c: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: c.name,
  code: c.code,
  image: c.image,
  description: c.description,
  minOrderPrice: c.minOrderPrice,
  quantity: c.quantity,
  start: c.start,
  end: c.end,
  discountType: c.discountType,
  discount: c.discount,
  type: c.type,
  multi: c.multi,
  status: c.status,
  ...extra,
});
const put = (id: string, data: Record<string, unknown>, as = cookie.admin) =>
  t.put(`coupon/${id}`, { cookie: as, body: { id, data } });
const row = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0];

/**
 * An order that used coupon `code`, placed through the orders helper's order service (stock, coupon and payment as
 * POST order takes them): `quantity` of a $19.99 kit shirt of `shop`, by a new customer.
 */
async function orderWith(
  shop: KitShop,
  couponCode: string,
  opts: { type?: "online" | "offline"; quantity?: number; createdAt?: Date } = {},
) {
  const buyer = await kit.customer({ fName: "Coupon Buyer" });
  const product = await kit.product(shop, { stock: 50 });
  return kit.order(buyer, {
    couponCode,
    orderType: opts.type ?? "online",
    lines: [{ product, quantity: opts.quantity ?? 3 }],
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
}
const cents = (n: number) => Math.round(n * 100);

describe("POST coupon (spec 2 §5 Coupon)", () => {
  it("adds a coupon with the code in upper case, days from 00:00:00 to 23:59:59 Sydney time, and 'Coupon added successfully'", async () => {
    const input = await body(cookie.admin, {
      code: "summer_10",
      start: "2026-03-01",
      end: "2026-04-30",
      discountType: "percentage",
      discount: 12.5,
      type: "multi",
      multi: 3,
    });
    const res = await add(input);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Coupon added successfully");
    expect(res.body.data).toMatchObject({
      shopId: null,
      code: "SUMMER_10",
      department: { _id: catalogue.department.id, name: "Kit Fashion" },
      category: { _id: catalogue.category.id },
      subcategory: { _id: catalogue.leaf.id },
      minOrderPrice: 50,
      quantity: 10,
      used: 0,
      discountType: "percentage",
      discount: 12.5,
      type: "multi",
      multi: 3,
      status: "active",
      // AEDT (UTC+11) on both days
      start: "2026-02-28T13:00:00.000Z",
      end: "2026-04-30T13:59:59.000Z",
    });
    const stored = await row(res.body.data._id);
    expect(stored).toMatchObject({
      code: "SUMMER_10",
      minOrderCents: 5000,
      discountPercent: 12.5,
      discountCents: null,
    });
    expect((await t.get(`coupon/${res.body.data._id}`, { cookie: cookie.admin })).body.data).toEqual(res.body.data);
  });

  it("an owner's coupon is their shop's; flat discounts are stored in cents", async () => {
    const res = await add(await body(cookie.owner, { discount: 12.34, minOrderPrice: 40 }), cookie.owner);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shopId: a.id, discount: 12.34, minOrderPrice: 40 });
    expect((await row(res.body.data._id)).discountCents).toBe(1234);
  });

  it("checks every field on the first submit with the spec's messages", async () => {
    const res = await add({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: [MSG.couponNameRequired],
      code: [MSG.couponCodeRequired],
      image: [MSG.couponImageRequired],
      department: [MSG.couponDepartmentRequired],
      category: [MSG.couponCategoryRequired],
      subcategory: [MSG.couponSubcategoryRequired],
      minOrderPrice: [MSG.couponMinOrderRequired],
      quantity: [MSG.couponQuantityRequired],
      start: [MSG.couponStartRequired],
      end: [MSG.couponEndRequired],
      discountType: [MSG.couponDiscountTypeRequired],
      discount: [MSG.couponDiscountRequired],
      type: [MSG.couponTypeRequired],
    });
  });

  it("refuses a name over 50, a code with other than word characters, and takes exactly 50", async () => {
    expect((await add(await body(cookie.admin, { name: "N".repeat(51) }))).body.errors).toEqual({
      name: ["Maximum 50 Characters Allowed"],
    });
    for (const bad of ["SAVE 10", "SAVE-10", "SAVÉ", "10%OFF"]) {
      const res = await add(await body(cookie.admin, { code: bad }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ code: ["Please Enter Valid Coupon Code"] });
    }
    expect((await add(await body(cookie.admin, { name: "N".repeat(50) }))).status).toBe(200);
  });

  it("refuses a quantity that is negative or not whole, a negative multi, and a range that ends before it starts", async () => {
    expect((await add(await body(cookie.admin, { quantity: -1 }))).body.errors).toEqual({
      quantity: [MSG.couponQuantityMin],
    });
    expect((await add(await body(cookie.admin, { quantity: 1.5 }))).body.errors).toEqual({
      quantity: [MSG.couponQuantityWhole],
    });
    expect((await add(await body(cookie.admin, { type: "multi", multi: -1 }))).body.errors).toEqual({
      multi: [MSG.couponMultiMin],
    });
    expect((await add(await body(cookie.admin, { start: "2026-05-02", end: "2026-05-01" }))).body.errors).toEqual({
      end: [MSG.couponEndBeforeStart],
    });
    expect((await add(await body(cookie.admin, { start: "2026-02-30" }))).body.errors).toEqual({
      start: [MSG.couponDateInvalid],
    });
    const zero = await add(await body(cookie.admin, { quantity: 0, type: "multi" }));
    expect(zero.status).toBe(200);
    expect(zero.body.data).toMatchObject({ quantity: 0, multi: null });
    // multi is only kept for type multi
    expect((await add(await body(cookie.admin, { type: "one", multi: 4 }))).body.data.multi).toBeNull();
  });

  it("caps a flat discount at minOrderPrice and a percentage at 100", async () => {
    const flat = await add(await body(cookie.admin, { minOrderPrice: 25, discount: 25.01 }));
    expect(flat.body.errors).toEqual({ discount: ["Flat discount cannot exceed the minimum order price of 25.00"] });
    // on the first submit, beside other fields' problems
    const withOthers = await add({
      name: "",
      minOrderPrice: 25,
      discountType: "flat",
      discount: 30,
      start: "2026-05-02",
      end: "2026-05-01",
    });
    expect(withOthers.body.errors).toMatchObject({
      name: [MSG.couponNameRequired],
      discount: [MSG.couponFlatMax("25.00")],
      end: [MSG.couponEndBeforeStart],
    });
    const pct = await add(await body(cookie.admin, { discountType: "percentage", discount: 100.5 }));
    expect(pct.body.errors).toEqual({ discount: ["Percentage discount cannot exceed 100%"] });
    expect((await add(await body(cookie.admin, { minOrderPrice: 25, discount: 25 }))).status).toBe(200);
    expect((await add(await body(cookie.admin, { discountType: "percentage", discount: 100 }))).status).toBe(200);
  });

  it("refuses a code already used, whatever its case, and lets exactly one of six simultaneous adds of one code win", async () => {
    const first = await made();
    const again = await add(await body(cookie.admin, { code: first.code.toLowerCase() }));
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ code: [MSG.couponCodeTaken] });
    const raced = code("RACE");
    const bodies = await Promise.all([0, 1, 2, 3, 4, 5].map(() => body(cookie.admin, { code: raced })));
    const results = await Promise.all(bodies.map((x) => add(x)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.errors).toEqual({ code: [MSG.couponCodeTaken] });
    expect(await t.db.select().from(coupons).where(eq(coupons.code, raced))).toHaveLength(1);
  });

  it("needs a real department → category → sub-category chain", async () => {
    const wrongCategory = await add(await body(cookie.admin, { category: catalogue.otherCategory.id }));
    expect(wrongCategory.body.errors).toEqual({ category: [MSG.productTaxonomyMismatch] });
    const wrongLeaf = await add(await body(cookie.admin, { subcategory: catalogue.otherLeaf.id }));
    expect(wrongLeaf.body.errors).toEqual({ subcategory: [MSG.productTaxonomyMismatch] });
    const notDepartment = await add(await body(cookie.admin, { department: catalogue.category.id }));
    expect(notDepartment.body.errors).toEqual({ department: [MSG.productTaxonomyMismatch] });
  });

  it("lets an owner or staff choose only their own shop's departments", async () => {
    const garden = {
      department: catalogue.otherDepartment.id,
      category: catalogue.otherCategory.id,
      subcategory: catalogue.otherLeaf.id,
    };
    const refused = await add(await body(cookie.owner, garden), cookie.owner);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ department: [MSG.productDepartmentNotShop] });
    expect((await add(await body(cookie.staff2, garden), cookie.staff2)).body.data).toMatchObject({ shopId: b.id });
    expect((await add(await body(cookie.admin, garden))).status).toBe(200);
  });

  it("takes only the caller's own checked JPG/PNG upload as the image", async () => {
    const someoneElses = await image(cookie.owner);
    const res = await add(await body(cookie.admin, { image: someoneElses }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ image: [MSG.imageNotUploaded] });
    const html = await t.app.request("http://localhost/api/upload/file", {
      method: "POST",
      headers: {
        cookie: cookie.admin,
        "content-type": "image/png",
        "x-file-name": "c.png",
        "x-purpose": "catalogueImage",
      },
      body: new TextEncoder().encode("<html>not an image</html>"),
    });
    expect(html.status).toBe(400);
    expect((await html.json()).message).toBe("You can only upload JPG/PNG file!");
  });

  it("needs coupon:add for staff: an editor-only or product staff member gets 403 and nothing is stored", async () => {
    expect((await add(await body(cookie.adder), cookie.adder)).status).toBe(200);
    for (const as of [cookie.editor, cookie.nobody]) {
      const input = await body(as);
      const res = await add(input, as);
      expect(res.status).toBe(403);
      expect(await t.db.select().from(coupons).where(eq(coupons.code, input.code))).toHaveLength(0);
    }
  });
});

describe("GET coupon and GET coupon/{id}: scope", () => {
  it("shows an owner and their staff only their shop's coupons, an admin every coupon, searched on name or code", async () => {
    const platform = await made(cookie.admin, { name: "Scope Platform" });
    const mine = await made(cookie.owner, { name: "Scope Mine" });
    const theirs = await made(cookie.owner2, { name: "Scope Theirs" });
    const ids = async (as: string, query: Record<string, string | number> = { search: "scope" }) =>
      ((await t.get("coupon", { cookie: as, query })).body.data as { _id: string }[]).map((c) => c._id).sort();
    expect(await ids(cookie.admin)).toEqual([platform._id, mine._id, theirs._id].sort());
    expect(await ids(cookie.owner)).toEqual([mine._id]);
    expect(await ids(cookie.adder)).toEqual([mine._id]);
    expect(await ids(cookie.editor)).toEqual([mine._id]);
    expect(await ids(cookie.owner2)).toEqual([theirs._id]);
    expect(await ids(cookie.admin, { search: theirs.code.toLowerCase() })).toEqual([theirs._id]);
    for (const as of [cookie.owner2, cookie.staff2]) {
      for (const id of [mine._id, platform._id]) {
        const res = await t.get(`coupon/${id}`, { cookie: as });
        expect(res.status).toBe(404);
        expect(res.body.status).toBe(1004);
      }
    }
    expect((await t.get(`coupon/${mine._id}`, { cookie: cookie.owner })).status).toBe(200);
  });

  it("sorts and pages with count and isNext", async () => {
    const q = { search: "SORTPAGE", sort: "name", sortType: "asc", limit: 2 };
    for (const name of ["SortPage C", "SortPage A", "SortPage B"]) await made(cookie.owner2, { name });
    const first = await t.get("coupon", { cookie: cookie.owner2, query: q });
    expect(first.body).toMatchObject({ count: 3, isNext: true });
    expect(first.body.data.map((c: { name: string }) => c.name)).toEqual(["SortPage A", "SortPage B"]);
    const second = await t.get("coupon", { cookie: cookie.owner2, query: { ...q, page: 2 } });
    expect(second.body.data.map((c: { name: string }) => c.name)).toEqual(["SortPage C"]);
    expect((await t.get("coupon", { cookie: cookie.admin, query: { sort: "used" } })).status).toBe(400);
  });

  it("refuses staff without a coupon right (403) and the signed-out (401)", async () => {
    const c = await made(cookie.owner);
    for (const path of [
      "coupon",
      "coupon/stats",
      `coupon/${c._id}`,
      `coupon/orders/${c._id}`,
      `coupon/order/stats/${c._id}`,
    ]) {
      expect((await t.get(path, { cookie: cookie.nobody })).status).toBe(403);
      const anon = await t.get(path);
      expect(anon.status).toBe(401);
      expect(anon.body.status).toBe(1001);
    }
    expect((await t.post("coupon", { body: await body(cookie.admin) })).status).toBe(401);
    expect((await t.put(`coupon/${c._id}`, { body: { id: c._id, data: {} } })).status).toBe(401);
  });
});

describe("PUT coupon/{id} (spec 2 §5 edit)", () => {
  it("changes the fields and status, keeps department, category and sub-category, and answers 'Coupon updated successfully'", async () => {
    const c = (await t.get(`coupon/${(await made())._id}`, { cookie: cookie.admin })).body.data;
    const res = await put(
      c._id,
      editData(c, {
        name: "Renamed",
        code: "renamed_" + n,
        status: "inactive",
        start: "2026-07-01",
        end: "2026-07-31",
        department: catalogue.otherDepartment.id,
        category: catalogue.otherCategory.id,
        subcategory: catalogue.otherLeaf.id,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Coupon updated successfully");
    expect(res.body.data).toMatchObject({
      name: "Renamed",
      code: `RENAMED_${n}`,
      status: "inactive",
      department: { _id: catalogue.department.id },
      subcategory: { _id: catalogue.leaf.id },
      // AEST (UTC+10) in July
      start: "2026-06-30T14:00:00.000Z",
      end: "2026-07-31T13:59:59.000Z",
    });
  });

  it("requires status and uses the edit messages for the discount caps", async () => {
    const c = (await t.get(`coupon/${(await made())._id}`, { cookie: cookie.admin })).body.data;
    const noStatus = await put(c._id, editData(c, { status: undefined }));
    expect(noStatus.body.errors).toEqual({ "data.status": [MSG.couponStatusRequired] });
    const flat = await put(c._id, editData(c, { minOrderPrice: 30, discountType: "flat", discount: 31 }));
    expect(flat.body.errors).toEqual({
      "data.discount": ["Flat discount cannot exceed the minimum order price of 30.00"],
    });
    const pct = await put(c._id, editData(c, { discountType: "percentage", discount: 101 }));
    expect(pct.body.errors).toEqual({ "data.discount": ["Percentage discount cannot exceed 100%"] });
    const mismatch = await t.put(`coupon/${c._id}`, { cookie: cookie.admin, body: { id: newId(), data: editData(c) } });
    expect(mismatch.status).toBe(400);
    // a body without data (found by the fuzz test: it was a 500) is a 400 that names what is missing
    for (const body of [{}, { id: c._id }, { data: null }]) {
      const missing = await t.put(`coupon/${c._id}`, { cookie: cookie.admin, body });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.errors)).toContain("data");
    }
    expect((await row(c._id)).name).toBe(c.name);
  });

  it("never lowers the quantity below the uses already made", async () => {
    const c = (await t.get(`coupon/${(await made())._id}`, { cookie: cookie.admin })).body.data;
    await t.db.update(coupons).set({ used: 4 }).where(eq(coupons.id, c._id));
    const res = await put(c._id, editData(c, { quantity: 3 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "data.quantity": [MSG.couponQuantityBelowUsed(4)] });
    expect((await row(c._id)).quantity).toBe(10);
    expect((await put(c._id, editData(c, { quantity: 4 }))).body.data).toMatchObject({ quantity: 4, used: 4 });
  });

  it("refuses a code another coupon uses", async () => {
    const other = await made();
    const c = (await t.get(`coupon/${(await made())._id}`, { cookie: cookie.admin })).body.data;
    const res = await put(c._id, editData(c, { code: other.code }));
    expect(res.body.errors).toEqual({ "data.code": [MSG.couponCodeTaken] });
  });

  it("lets the owner and coupon:edit staff edit their shop's coupons; another shop gets 404; coupon:add-only staff 403", async () => {
    const c = (await t.get(`coupon/${(await made(cookie.owner))._id}`, { cookie: cookie.owner })).body.data;
    expect((await put(c._id, editData(c, { name: "By Owner" }), cookie.owner)).status).toBe(200);
    expect((await put(c._id, editData(c, { name: "By Editor" }), cookie.editor)).status).toBe(200);
    expect((await put(c._id, editData(c, { name: "By Admin" }), cookie.admin)).status).toBe(200);
    expect((await put(c._id, editData(c, { name: "By Adder" }), cookie.adder)).status).toBe(403);
    for (const as of [cookie.owner2, cookie.staff2])
      expect((await put(c._id, editData(c, { name: "By Other Shop" }), as)).status).toBe(404);
    const platform = (await t.get(`coupon/${(await made())._id}`, { cookie: cookie.admin })).body.data;
    expect((await put(platform._id, editData(platform, { name: "Owner Grab" }), cookie.owner)).status).toBe(404);
    expect((await row(c._id)).name).toBe("By Admin");
    expect((await row(platform._id)).name).toBe(platform.name);
  });
});

describe("PUT coupon/status/{id} (ours: publish or unpublish, as an edit's save)", () => {
  it("sets the status and keeps every other value and the same Sydney days; 'Coupon updated successfully'", async () => {
    const c = await kit.coupon({ shopId: a.id, name: "Single Status" });
    const res = await t.put(`coupon/status/${c.id}`, { cookie: cookie.editor, body: { status: "inactive" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: MSG.couponUpdated, data: { _id: c.id, status: "inactive" } });
    const after = await row(c.id);
    expect(after).toMatchObject({
      status: "inactive",
      name: c.name,
      code: c.code,
      image: c.image,
      quantity: c.quantity,
      minOrderCents: c.minOrderCents,
      discountCents: c.discountCents,
      type: c.type,
    });
    expect(zoneDay(after.startAt)).toBe(zoneDay(c.startAt));
    expect(zoneDay(after.endAt)).toBe(zoneDay(c.endAt));
    expect((await t.put(`coupon/status/${c.id}`, { cookie: cookie.owner, body: { status: "active" } })).status).toBe(
      200,
    );
    expect((await row(c.id)).status).toBe("active");
  });

  it("refuses what the edit refuses: a name over 50 characters (stored before the rule) keeps its status, with the edit's message", async () => {
    const c = await kit.coupon({ shopId: a.id, name: "Long Name ".repeat(6).trim() });
    const res = await t.put(`coupon/status/${c.id}`, { cookie: cookie.owner, body: { status: "inactive" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.max50);
    expect((await row(c.id)).status).toBe("active");
  });

  it("needs a status; another shop gets 404, coupon:add-only staff 403, the signed-out 401", async () => {
    const c = await kit.coupon({ shopId: a.id });
    const missing = await t.put(`coupon/status/${c.id}`, { cookie: cookie.owner, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.couponStatusRequired);
    for (const as of [cookie.owner2, cookie.staff2])
      expect((await t.put(`coupon/status/${c.id}`, { cookie: as, body: { status: "inactive" } })).status).toBe(404);
    expect((await t.put(`coupon/status/${c.id}`, { cookie: cookie.adder, body: { status: "inactive" } })).status).toBe(
      403,
    );
    expect((await t.put(`coupon/status/${c.id}`, { body: { status: "inactive" } })).status).toBe(401);
    expect((await row(c.id)).status).toBe("active");
  });
});

describe("DELETE coupon/{id} (ours: soft, with coupon:edit)", () => {
  it("deletes a coupon: gone from the list and its page, its code free again, 'Coupon deleted successfully'", async () => {
    const c = await made(cookie.owner);
    const res = await t.delete(`coupon/${c._id}`, { cookie: cookie.owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: MSG.couponDeleted, data: { _id: c._id, name: c.name } });
    expect((await row(c._id)).deletedAt).not.toBeNull();
    expect((await t.get(`coupon/${c._id}`, { cookie: cookie.owner })).status).toBe(404);
    const listed = await t.get("coupon", { cookie: cookie.owner, query: { search: c.code } });
    expect(listed.body.data).toEqual([]);
    expect((await add(await body(cookie.owner, { code: c.code }), cookie.owner)).status).toBe(200);
    // deleted once: a second delete finds nothing
    expect((await t.delete(`coupon/${c._id}`, { cookie: cookie.owner })).status).toBe(404);
  });

  it("lets coupon:edit staff and admins delete; another shop gets 404, coupon:add-only staff 403, the signed-out 401, and nothing changes", async () => {
    const mine = await made(cookie.owner);
    for (const as of [cookie.owner2, cookie.staff2]) {
      const res = await t.delete(`coupon/${mine._id}`, { cookie: as });
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(1004);
    }
    expect((await t.delete(`coupon/${mine._id}`, { cookie: cookie.adder })).status).toBe(403);
    expect((await t.delete(`coupon/${mine._id}`, { cookie: cookie.nobody })).status).toBe(403);
    expect((await t.delete(`coupon/${mine._id}`)).status).toBe(401);
    expect((await row(mine._id)).deletedAt).toBeNull();
    expect((await t.delete(`coupon/${mine._id}`, { cookie: cookie.editor })).status).toBe(200);
    const platform = await made();
    expect((await t.delete(`coupon/${platform._id}`, { cookie: cookie.owner })).status).toBe(404);
    expect((await t.delete(`coupon/${platform._id}`, { cookie: cookie.admin })).status).toBe(200);
  });
});

describe("coupon stats and orders (spec 2 §3 Coupon stats, Coupon order)", () => {
  it("counts active, inactive and expired coupons in the caller's scope and sums the orders that used them by type", async () => {
    const shop = await kit.shop({ name: "Stats Shop", departments: [catalogue.department.id] });
    const as = shop.owner.cookie;
    const live = await made(as, { type: "multi" });
    const off = await made(as);
    const old = await made(as, { start: "2020-01-01", end: "2020-01-31", type: "multi" });
    const offData = (await t.get(`coupon/${off._id}`, { cookie: as })).body.data;
    await put(off._id, editData(offData, { status: "inactive" }), as);
    const online = await orderWith(shop, live.code, { type: "online", quantity: 3 });
    const offline = await orderWith(shop, live.code, { type: "offline", quantity: 4 });
    const before = await orderWith(shop, old.code, {
      type: "online",
      quantity: 5,
      createdAt: new Date("2020-01-15T03:00:00Z"),
    });
    for (const o of [online, offline, before]) expect(o.couponDiscount).toBe(10);
    const res = await t.get("coupon/stats", { cookie: as });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      active: 1,
      inactive: 1,
      expired: 1,
      onlineCouponDiscountTotal: 20,
      offlineCouponDiscountTotal: 10,
      onlineOrderTotal: (cents(online.total) + cents(before.total)) / 100,
      offlineOrderTotal: offline.total,
    });
    // another shop's owner sees none of these orders; the admin sees them among all
    const other = (await t.get("coupon/stats", { cookie: cookie.owner2 })).body.data;
    expect(other.offlineOrderTotal).toBe(0);
    const admin = (await t.get("coupon/stats", { cookie: cookie.admin })).body.data;
    expect(admin.offlineOrderTotal).toBeGreaterThanOrEqual(offline.total);
  });

  it("shows an owner only their shop's part of an order that also holds another shop's lines", async () => {
    const shop = await kit.shop({ name: "Part Shop", departments: [catalogue.department.id] });
    const c = await made(shop.owner.cookie, { type: "multi" });
    const buyer = await kit.customer({ fName: "Coupon Buyer" });
    const mine = await kit.product(shop, { stock: 10 });
    const theirs = await kit.product(b, { price: 40, stock: 10 });
    const o = await kit.order(buyer, {
      couponCode: c.code,
      lines: [
        { product: mine, quantity: 3 },
        { product: theirs, quantity: 1 },
      ],
    });
    const own = o.products.filter((l) => l.shopId === shop.id);
    const part =
      own.reduce((sum, l) => sum + cents(l.price * l.quantity) + cents(l.tax) - cents(l.couponDiscount), 0) / 100;
    expect(part).toBeLessThan(o.total);
    const as = shop.owner.cookie;
    expect((await t.get(`coupon/orders/${c._id}`, { cookie: as })).body.data[0]).toMatchObject({
      _id: o._id,
      total: part,
      couponDiscount: 10,
    });
    expect((await t.get(`coupon/order/stats/${c._id}`, { cookie: as })).body.data).toEqual({
      orderCount: 1,
      discountTotal: 10,
      orderTotal: part,
    });
    expect((await t.get("coupon/stats", { cookie: as })).body.data.onlineOrderTotal).toBe(part);
    // the admin sees the whole order
    expect((await t.get(`coupon/orders/${c._id}`, { cookie: cookie.admin })).body.data[0].total).toBe(o.total);
  });

  it("lists a coupon's orders 10 a page, newest first, with the buyer and amounts, and its order stats", async () => {
    const c = await made(cookie.owner, { type: "multi", quantity: 20 });
    const placed = [];
    for (let i = 0; i < 11; i++) placed.push(await orderWith(a, c.code, { quantity: 3 }));
    const first = await t.get(`coupon/orders/${c._id}`, { cookie: cookie.owner });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 11, isNext: true });
    expect(first.body.data).toHaveLength(10);
    const newest = placed[placed.length - 1];
    expect(first.body.data[0]).toMatchObject({
      _id: newest._id,
      orderId: newest.orderId,
      buyerId: { fName: "Coupon Buyer", image: null },
      total: newest.total,
      couponDiscount: 10,
    });
    const second = await t.get(`coupon/orders/${c._id}`, { cookie: cookie.adder, query: { page: 2 } });
    expect(second.body.data.map((o: { _id: string }) => o._id)).toEqual([placed[0]._id]);
    const stats = await t.get(`coupon/order/stats/${c._id}`, { cookie: cookie.editor });
    expect(stats.body.data).toEqual({
      orderCount: 11,
      discountTotal: 110,
      orderTotal: placed.reduce((sum, o) => sum + cents(o.total), 0) / 100,
    });
    expect((await row(c._id)).used).toBe(11);
    for (const as of [cookie.owner2, cookie.staff2]) {
      expect((await t.get(`coupon/orders/${c._id}`, { cookie: as })).status).toBe(404);
      expect((await t.get(`coupon/order/stats/${c._id}`, { cookie: as })).status).toBe(404);
    }
    expect((await t.get(`coupon/orders/${c._id}`, { cookie: cookie.admin })).body.count).toBe(11);
  });
});
