import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// spec 2 §2 Customer detail, §3 Customer (Purchase, Wishlist entry, Note), §5 Customer ('Please Enter Note!'), §6
// (customer: add, view), §7 Customer and the wishlist call under Product, §9 (10 and 5 a page); ADR 0035.
// Who is a shop's customer comes from placing orders (placeOrder remembers each buyer for each shop of the order).

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
const p = {} as Record<"a1" | "a2" | "b1", KitProduct>;
const c = {} as Record<"ann" | "bob" | "cat" | "dan", KitCustomer>;
type Who = "admin" | "ownerA" | "ownerB" | "viewerA" | "adderA" | "bothA" | "nobodyA" | "staffB";
const cookie = {} as Record<Who, string>;
const order = { mixed: "", bOnly: "", aOnly: "" };

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop({ name: "Customer Shop A" });
  b = await kit.shop({ name: "Customer Shop B" });
  p.a1 = await kit.product(a, { name: "Alpha Scarf", price: 10, stock: 50 });
  p.a2 = await kit.product(a, { name: "Alpha Gloves", price: 20, stock: 50 });
  p.b1 = await kit.product(b, { name: "Beta Boots", price: 30, stock: 50 });
  for (const name of ["ann", "bob", "cat", "dan"] as const)
    c[name] = await kit.customer({ fName: name[0].toUpperCase() + name.slice(1) });
  // ann bought from A and B in one order, and from B alone; bob from A only; cat from B only; dan from nobody
  order.mixed = (await kit.order(c.ann, { lines: [{ product: p.a1 }, { product: p.b1 }] }))._id;
  order.bOnly = (await kit.order(c.ann, { lines: [{ product: p.b1, quantity: 2 }] }))._id;
  order.aOnly = (await kit.order(c.bob, { lines: [{ product: p.a2 }] }))._id;
  await kit.order(c.cat, { lines: [{ product: p.b1 }] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.ownerA = a.owner.cookie;
  cookie.ownerB = b.owner.cookie;
  cookie.viewerA = (await kit.staff(a, ["customer:view"])).cookie;
  cookie.adderA = (await kit.staff(a, ["customer:add"])).cookie;
  cookie.bothA = (await kit.staff(a, ["customer:view", "customer:add"])).cookie;
  cookie.nobodyA = (await kit.staff(a, ["product:add", "order:status-edit"])).cookie;
  cookie.staffB = (await kit.staff(b, ["customer:view", "customer:add"])).cookie;
});
afterAll(() => t.close());

const get = (who: Who, path: string, query?: Record<string, string | number>) =>
  t.get(path, { cookie: cookie[who], query });
const put = (who: Who, path: string, body: unknown) => t.put(path, { cookie: cookie[who], body });
const wish = (who: Who, customer: KitCustomer, product: KitProduct, action: "add" | "remove") =>
  put(who, "user/wishlist", { prodId: product._id, action, customerId: customer.id });
const wishlistIds = async (who: Who, customer: KitCustomer) =>
  ((await get(who, `user/wishlist/${customer.id}`)).body.data as { _id: string }[]).map((e) => e._id);
const noteTexts = async (who: Who, customer: KitCustomer, query: Record<string, string | number> = {}) =>
  ((await get(who, `user/notes/${customer.id}`, { limit: 100, ...query })).body.data as { note: string }[]).map(
    (n) => n.note,
  );

describe("GET user/customer/{id}", () => {
  it("answers the header's fields for a customer of the caller's shop", async () => {
    const res = await get("ownerA", `user/customer/${c.ann.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: c.ann.id,
      fName: "Ann",
      email: c.ann.email,
      mobile: c.ann.mobile,
      countryCode: c.ann.countryCode,
    });
    expect(Object.keys(res.body.data).sort()).toEqual([
      "_id",
      "countryCode",
      "countryFlag",
      "email",
      "fName",
      "gender",
      "image",
      "lName",
      "mobile",
    ]);
    for (const who of ["viewerA", "bothA", "admin"] as const)
      expect((await get(who, `user/customer/${c.bob.id}`)).status).toBe(200);
    expect((await get("staffB", `user/customer/${c.cat.id}`)).status).toBe(200);
  });

  it("is 404 for a customer known only to another shop, a person who never bought, a non-customer and a made-up id", async () => {
    expect((await get("ownerA", `user/customer/${c.cat.id}`)).body).toMatchObject({ success: false, status: 1004 });
    expect((await get("ownerA", `user/customer/${c.cat.id}`)).status).toBe(404);
    expect((await get("ownerB", `user/customer/${c.bob.id}`)).status).toBe(404);
    expect((await get("staffB", `user/customer/${c.bob.id}`)).status).toBe(404);
    expect((await get("ownerA", `user/customer/${c.dan.id}`)).status).toBe(404);
    // admins see every customer, but an owner is not a customer
    expect((await get("admin", `user/customer/${c.dan.id}`)).status).toBe(200);
    expect((await get("admin", `user/customer/${a.owner.id}`)).status).toBe(404);
    expect((await get("admin", "user/customer/0123456789abcdef01234567")).status).toBe(404);
    expect((await get("admin", "user/customer/not-an-id")).status).toBe(404);
  });

  it("needs the customer module's 'view' for staff", async () => {
    expect((await get("adderA", `user/customer/${c.ann.id}`)).status).toBe(403);
    expect((await get("nobodyA", `user/customer/${c.ann.id}`)).status).toBe(403);
    expect((await t.get(`user/customer/${c.ann.id}`)).status).toBe(401);
  });
});

describe("GET user/purchases", () => {
  type Row = {
    _id: string;
    totalPrice: number;
    products: { id: string; quantity: number; price: number }[];
    productsData: Record<string, { name: string; defaultImage: string | null }>;
  };
  const rows = async (who: Who, customer: KitCustomer, query: Record<string, string | number> = {}) => {
    const res = await get(who, "user/purchases", { customerId: customer.id, ...query });
    expect(res.status).toBe(200);
    return res.body as { data: Row[]; count: number; isNext: boolean };
  };

  it("gives a shop only the orders holding its lines, with only those lines and its part's total", async () => {
    const own = await rows("ownerA", c.ann);
    expect(own.data.map((r) => r._id)).toEqual([order.mixed]);
    expect(own.count).toBe(1);
    const [mixed] = own.data;
    expect(mixed.products).toEqual([expect.objectContaining({ id: p.a1._id, quantity: 1, price: 10 })]);
    expect(mixed.totalPrice).toBe(10);
    expect(Object.keys(mixed.productsData)).toEqual([p.a1._id]);
    expect(mixed.productsData[p.a1._id]).toMatchObject({ name: "Alpha Scarf" });
    expect(mixed.productsData[p.a1._id].defaultImage).toMatch(/^\/api\/files\//);
    // shop B: both of ann's orders with B lines, newest first, B's part of the mixed one
    const other = await rows("ownerB", c.ann);
    expect(other.data.map((r) => [r._id, r.totalPrice])).toEqual([
      [order.bOnly, 60],
      [order.mixed, 30],
    ]);
    expect(other.data[1].products.map((l) => l.id)).toEqual([p.b1._id]);
  });

  it("gives admins every order with its whole total; sorts by total; pages 10 at a time", async () => {
    const all = await rows("admin", c.ann, { sort: "totalPrice", sortType: "asc" });
    expect(all.data.map((r) => [r._id, r.totalPrice])).toEqual([
      [order.mixed, 40],
      [order.bOnly, 60],
    ]);
    expect(all.data[0].products.map((l) => l.id).sort()).toEqual([p.a1._id, p.b1._id].sort());
    const first = await rows("admin", c.ann, { limit: 1, page: 1 });
    const second = await rows("admin", c.ann, { limit: 1, page: 2 });
    expect([first.isNext, second.isNext]).toEqual([true, false]);
    expect(first.data[0]._id).not.toBe(second.data[0]._id);
  });

  it("is 404 for another shop's customer, 400 without a customer, 403 for staff without 'view'", async () => {
    expect((await get("ownerB", "user/purchases", { customerId: c.bob.id })).status).toBe(404);
    expect((await get("staffB", "user/purchases", { customerId: c.bob.id })).status).toBe(404);
    const missing = await get("ownerA", "user/purchases");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.customerRequired);
    expect((await get("adderA", "user/purchases", { customerId: c.ann.id })).status).toBe(403);
    expect((await get("viewerA", "user/purchases", { customerId: c.ann.id })).status).toBe(200);
  });
});

describe("wishlist: GET user/wishlist/{cusId}, PUT user/wishlist, GET product/ with customerId", () => {
  it("adds and removes a shop's product; each shop sees only its own products' entries, admins all", async () => {
    const added = await wish("ownerA", c.ann, p.a1, "add");
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: MSG.wishlistAdded,
      data: { prodId: p.a1._id, customerId: c.ann.id, isInWishList: true },
    });
    // adding twice keeps one entry
    expect((await wish("bothA", c.ann, p.a1, "add")).status).toBe(200);
    expect((await wish("staffB", c.ann, p.b1, "add")).status).toBe(200);
    expect(await wishlistIds("ownerA", c.ann)).toEqual([p.a1._id]);
    expect(await wishlistIds("ownerB", c.ann)).toEqual([p.b1._id]);
    expect((await wishlistIds("admin", c.ann)).sort()).toEqual([p.a1._id, p.b1._id].sort());
    const entry = (await get("ownerA", `user/wishlist/${c.ann.id}`)).body.data[0];
    expect(entry.product).toMatchObject({ _id: p.a1._id, name: "Alpha Scarf", price: 10 });
    expect(entry.product.images.length).toBe(1);

    const removed = await wish("ownerA", c.ann, p.a1, "remove");
    expect(removed.body).toMatchObject({ message: MSG.wishlistRemoved, data: { isInWishList: false } });
    expect(await wishlistIds("ownerA", c.ann)).toEqual([]);
    expect(await wishlistIds("ownerB", c.ann)).toEqual([p.b1._id]);
  });

  it("refuses another shop's product and another shop's customer (404), bad input (400), staff without 'add' (403)", async () => {
    expect((await wish("ownerA", c.ann, p.b1, "add")).status).toBe(404);
    expect((await wish("ownerA", c.ann, p.b1, "remove")).status).toBe(404);
    expect(await wishlistIds("ownerB", c.ann)).toEqual([p.b1._id]);
    expect((await wish("ownerA", c.cat, p.a1, "add")).status).toBe(404);
    expect((await wish("ownerA", c.dan, p.a1, "add")).status).toBe(404);
    expect(await wishlistIds("admin", c.cat)).toEqual([]);
    expect(await wishlistIds("admin", c.dan)).toEqual([]);
    const bad = await put("ownerA", "user/wishlist", { prodId: p.a1._id, action: "toggle", customerId: c.ann.id });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.wishlistAction);
    expect((await put("ownerA", "user/wishlist", { action: "add", customerId: c.ann.id })).body.message).toBe(
      MSG.wishlistProductRequired,
    );
    expect((await wish("viewerA", c.ann, p.a1, "add")).status).toBe(403);
    expect((await wish("nobodyA", c.ann, p.a1, "add")).status).toBe(403);
    expect(await wishlistIds("ownerA", c.ann)).toEqual([]);
    // staff with 'add' but not 'view' may write but not read
    expect((await wish("adderA", c.ann, p.a2, "add")).status).toBe(200);
    expect((await get("adderA", `user/wishlist/${c.ann.id}`)).status).toBe(403);
    expect(await wishlistIds("ownerA", c.ann)).toEqual([p.a2._id]);
    expect((await wish("adderA", c.ann, p.a2, "remove")).status).toBe(200);
    expect((await get("ownerB", `user/wishlist/${c.bob.id}`)).status).toBe(404);
  });

  it("GET product/ with customerId answers isInWishList truly, and isWishlistProducts keeps only those", async () => {
    await wish("ownerA", c.bob, p.a2, "add");
    const flags = async (who: Who, query: Record<string, string>) =>
      Object.fromEntries(
        (
          (await get(who, "product", { customerId: c.bob.id, ...query })).body.data as {
            name: string;
            isInWishList: boolean;
          }[]
        ).map((r) => [r.name, r.isInWishList]),
      );
    expect(await flags("ownerA", {})).toEqual({ "Alpha Scarf": false, "Alpha Gloves": true });
    expect(await flags("ownerA", { isWishlistProducts: "true" })).toEqual({ "Alpha Gloves": true });
    expect(await flags("ownerA", { search: "scarf" })).toEqual({ "Alpha Scarf": false });
    // the picker for staff with 'add' of the customer module; without a customer they still need a product right
    expect(await flags("adderA", {})).toEqual({ "Alpha Scarf": false, "Alpha Gloves": true });
    expect((await get("adderA", "product")).status).toBe(403);
    expect((await get("viewerA", "product", { customerId: c.bob.id })).status).toBe(403);
    // another shop's customer is 404; without customerId nothing is in a wishlist
    expect((await get("ownerB", "product", { customerId: c.bob.id })).status).toBe(404);
    expect(
      ((await get("ownerA", "product")).body.data as { isInWishList: boolean }[]).every((r) => !r.isInWishList),
    ).toBe(true);
  });
});

describe("notes: GET user/notes/{cusId}, PUT user/notes", () => {
  it("adds a note with its author and time; 'Please Enter Note!' when empty, and nothing is added", async () => {
    const added = await put("ownerA", "user/notes", {
      action: "add",
      cusId: c.bob.id,
      note: "  Prefers pickup on Fridays ",
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(MSG.noteAdded);
    expect(added.body.data).toMatchObject({
      note: "Prefers pickup on Fridays",
      shopId: a.id,
      addedBy: { _id: a.owner.id },
    });
    expect(Date.parse(added.body.data.time)).toBeGreaterThan(Date.now() - 60_000);
    for (const note of ["", "   ", undefined]) {
      const empty = await put("bothA", "user/notes", { action: "add", cusId: c.bob.id, note });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ message: "Please Enter Note!", errors: { note: ["Please Enter Note!"] } });
    }
    expect(await noteTexts("ownerA", c.bob)).toEqual(["Prefers pickup on Fridays"]);
    const listed = (await get("viewerA", `user/notes/${c.bob.id}`)).body.data[0];
    expect(listed.addedBy).toMatchObject({ _id: a.owner.id });
    expect(typeof listed.addedBy.fName).toBe("string");
  });

  it("pages newest first, 5 at a time", async () => {
    for (let i = 1; i <= 6; i++)
      expect((await put("bothA", "user/notes", { action: "add", cusId: c.ann.id, note: `Note ${i}` })).status).toBe(
        200,
      );
    const first = await get("ownerA", `user/notes/${c.ann.id}`, { limit: 5, page: 1 });
    expect(first.body.data.map((n: { note: string }) => n.note)).toEqual([
      "Note 6",
      "Note 5",
      "Note 4",
      "Note 3",
      "Note 2",
    ]);
    expect(first.body).toMatchObject({ count: 6, isNext: true });
    const second = await get("ownerA", `user/notes/${c.ann.id}`, { limit: 5, page: 2 });
    expect(second.body.data.map((n: { note: string }) => n.note)).toEqual(["Note 1"]);
    expect(second.body.isNext).toBe(false);
  });

  it("keeps each shop's notes to itself: B never sees or removes A's notes; admins see all, and their own notes are theirs", async () => {
    const bNote = (await put("staffB", "user/notes", { action: "add", cusId: c.ann.id, note: "Shop B only" })).body
      .data;
    expect(await noteTexts("ownerB", c.ann)).toEqual(["Shop B only"]);
    expect(await noteTexts("ownerA", c.ann)).not.toContain("Shop B only");
    const adminNote = await put("admin", "user/notes", { action: "add", cusId: c.ann.id, note: "Platform note" });
    expect(adminNote.body.data.shopId).toBe(null);
    expect(await noteTexts("ownerA", c.ann)).not.toContain("Platform note");
    expect(await noteTexts("ownerB", c.ann)).toEqual(["Shop B only"]);
    expect(await noteTexts("admin", c.ann)).toEqual(expect.arrayContaining(["Platform note", "Shop B only", "Note 1"]));

    // removing another shop's note (or the admin's) is refused and changes nothing
    const aNote = (await get("ownerA", `user/notes/${c.ann.id}`)).body.data[0];
    expect((await put("ownerA", "user/notes", { action: "remove", cusId: c.ann.id, noteId: bNote._id })).status).toBe(
      404,
    );
    expect((await put("ownerB", "user/notes", { action: "remove", cusId: c.ann.id, noteId: aNote._id })).status).toBe(
      404,
    );
    expect(
      (await put("ownerA", "user/notes", { action: "remove", cusId: c.ann.id, noteId: adminNote.body.data._id }))
        .status,
    ).toBe(404);
    // a note id with another customer's id is 404 too
    expect((await put("ownerA", "user/notes", { action: "remove", cusId: c.bob.id, noteId: aNote._id })).status).toBe(
      404,
    );
    expect(await noteTexts("ownerB", c.ann)).toEqual(["Shop B only"]);
    expect(await noteTexts("ownerA", c.ann)).toContain(aNote.note);

    const removed = await put("bothA", "user/notes", { action: "remove", cusId: c.ann.id, note: aNote._id });
    expect(removed.body).toMatchObject({ message: MSG.noteRemoved, data: { _id: aNote._id, removed: true } });
    expect(await noteTexts("ownerA", c.ann)).not.toContain(aNote.note);
    // admins may remove any note
    expect((await put("admin", "user/notes", { action: "remove", cusId: c.ann.id, noteId: bNote._id })).status).toBe(
      200,
    );
    expect(await noteTexts("ownerB", c.ann)).toEqual([]);
  });

  it("refuses another shop's customer (404), staff without 'view' or 'add' (403), and bad input (400)", async () => {
    expect((await get("ownerB", `user/notes/${c.bob.id}`)).status).toBe(404);
    expect((await put("ownerB", "user/notes", { action: "add", cusId: c.bob.id, note: "Sneaky" })).status).toBe(404);
    expect((await put("ownerA", "user/notes", { action: "add", cusId: c.dan.id, note: "Who?" })).status).toBe(404);
    expect((await get("adderA", `user/notes/${c.bob.id}`)).status).toBe(403);
    expect((await put("viewerA", "user/notes", { action: "add", cusId: c.bob.id, note: "Viewer" })).status).toBe(403);
    expect((await put("nobodyA", "user/notes", { action: "add", cusId: c.bob.id, note: "Nobody" })).status).toBe(403);
    expect((await put("adderA", "user/notes", { action: "add", cusId: c.bob.id, note: "Adder" })).status).toBe(200);
    expect((await put("ownerA", "user/notes", { action: "edit", cusId: c.bob.id, note: "x" })).body.message).toBe(
      MSG.noteAction,
    );
    expect((await put("ownerA", "user/notes", { action: "remove", cusId: c.bob.id })).body.message).toBe(
      MSG.noteIdRequired,
    );
    expect(
      (await put("ownerA", "user/notes", { action: "add", cusId: c.bob.id, note: "x".repeat(1001) })).body.message,
    ).toBe(MSG.noteTooLong);
    expect(await noteTexts("admin", c.bob)).toEqual(["Adder", "Prefers pickup on Fridays"]);
  });
});
