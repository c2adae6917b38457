import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { otpCodes, shopCustomers, users } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import {
  testKit,
  type Account,
  type KitCustomer,
  type KitProduct,
  type KitShop,
  type TestKit,
} from "../../../tests/factories";

// The customers list and the add flow (spec 2 §2 Customers list, §4 Customer add flow, §5 Customer, §7
// Customer; ADR 0034): GET user/list with buyerId, POST user/search-customer, POST auth/register/send-otp,
// POST auth/register/{shopId}. Orders are placed through the order service, which makes each buyer a customer of
// each shop of the order.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let productA: KitProduct;
let productB: KitProduct;
let admin: Account;
let staffView: Account;
let staffAdd: Account;
let staffNone: Account;
let ann: KitCustomer;
let bob: KitCustomer;
let cara: KitCustomer;

let ips = 0;
/** Each request for a code from an address of its own, so the per-address send limits of one test do not touch another's. */
const fromAddress = () => ({ "x-forwarded-for": `198.51.100.${++ips % 250}` });
let mobiles = 0;
/** A valid Australian mobile nobody uses yet. */
const freshMobile = () => `419000${String(++mobiles).padStart(3, "0")}`;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  admin = await kit.admin();
  shopA = await kit.shop({ name: "Shop A" });
  shopB = await kit.shop({ name: "Shop B" });
  staffView = await kit.staff(shopA, ["customer:view"]);
  staffAdd = await kit.staff(shopA, ["customer:add"]);
  staffNone = await kit.staff(shopA, ["product:add", "order:status-edit"]);
  productA = await kit.product(shopA, { price: 20 });
  productB = await kit.product(shopB, { price: 50 });
  ann = await kit.customer({ fName: "Ann", lName: "Archer", email: "ann.archer@liveshop.test" });
  bob = await kit.customer({ fName: "Bob", lName: "Baker" });
  cara = await kit.customer({ fName: "Cara", lName: "Cole" });
  // Ann: two orders with A; Cara: one with A and one with B; Bob: one with B only
  await kit.order(ann, { lines: [{ product: productA, quantity: 1 }] });
  await kit.order(ann, { lines: [{ product: productA, quantity: 2 }] });
  await kit.order(cara, { lines: [{ product: productA, quantity: 1 }] });
  await kit.order(cara, { lines: [{ product: productB, quantity: 1 }] });
  await kit.order(bob, { lines: [{ product: productB, quantity: 1 }] });
});
afterAll(() => t.close());

type Row = {
  _id: string;
  fName: string;
  orderCount: number;
  spent: number;
  lastOrderAt: string | null;
  email: string | null;
};
const rows = (res: { body: { data: Row[] } }) => res.body.data;
const ids = (res: { body: { data: Row[] } }) => rows(res).map((r) => r._id);
const codeFor = async (countryCode: string, mobile: string) => {
  const outbox = await t.get("sms/outbox", {
    cookie: admin.cookie,
    query: { search: `${countryCode}${mobile}`, limit: 1 },
  });
  return String(outbox.body?.data?.[0]?.body ?? "").match(/\b(\d{6})\b/)?.[1] ?? "";
};
const form = (mobile: string, extra: Record<string, unknown> = {}) => ({
  role: "endUser",
  fName: "Dana Diaz",
  email: `dana.${mobile}@liveshop.test`,
  gender: "Female",
  countryFlag: "AU",
  countryCode: "+61",
  mobile,
  ...extra,
});

describe("GET user/list with buyerId: the shop's customers", () => {
  it("lists an owner's customers with their orders, spend and last order with the shop only", async () => {
    const res = await t.as(shopA.owner.cookie).get("user/list", { query: { buyerId: shopA.id } });
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual([ann.id, cara.id].sort());
    const byId = new Map(rows(res).map((r) => [r._id, r]));
    expect(byId.get(ann.id)).toMatchObject({ orderCount: 2, spent: 60 });
    // Cara's order with shop B counts nowhere in shop A's list
    expect(byId.get(cara.id)).toMatchObject({ orderCount: 1, spent: 20 });
    expect(byId.get(cara.id)!.lastOrderAt).not.toBeNull();
    expect(res.body.count).toBe(2);
  });

  it("'all' is the caller's own shop for owners and staff, and every customer with every shop's figures for admins", async () => {
    const own = await t.as(staffView.cookie).get("user/list", { query: { buyerId: "all" } });
    expect(ids(own).sort()).toEqual([ann.id, cara.id].sort());
    const every = await t.as(admin.cookie).get("user/list", { query: { buyerId: "all", limit: 100 } });
    expect(every.status).toBe(200);
    expect(ids(every)).toEqual(expect.arrayContaining([ann.id, bob.id, cara.id]));
    expect(rows(every).find((r) => r._id === cara.id)).toMatchObject({ orderCount: 2, spent: 70 });
    const shopBList = await t.as(admin.cookie).get("user/list", { query: { buyerId: shopB.id } });
    expect(ids(shopBList).sort()).toEqual([bob.id, cara.id].sort());
  });

  it("searches by name, e-mail and phone, sorts by the figures and pages with isNext", async () => {
    const owner = t.as(shopA.owner.cookie);
    expect(ids(await owner.get("user/list", { query: { buyerId: shopA.id, search: "archer" } }))).toEqual([ann.id]);
    expect(ids(await owner.get("user/list", { query: { buyerId: shopA.id, search: "ann.archer@" } }))).toEqual([
      ann.id,
    ]);
    expect(ids(await owner.get("user/list", { query: { buyerId: shopA.id, search: cara.mobile } }))).toEqual([cara.id]);
    // the number as the list shows it, and as people type it at home (the trunk 0 of an Australian mobile)
    expect(
      ids(await owner.get("user/list", { query: { buyerId: shopA.id, search: `${cara.countryCode} ${cara.mobile}` } })),
    ).toEqual([cara.id]);
    expect(
      ids(
        await owner.get("user/list", {
          query: { buyerId: shopA.id, search: `0${cara.mobile.slice(0, 3)} ${cara.mobile.slice(3)}` },
        }),
      ),
    ).toEqual([cara.id]);
    // Bob is shop B's customer: shop A's search never finds him
    expect(ids(await owner.get("user/list", { query: { buyerId: shopA.id, search: "Baker" } }))).toEqual([]);
    expect(
      ids(await owner.get("user/list", { query: { buyerId: shopA.id, sort: "spent", sortType: "desc" } })),
    ).toEqual([ann.id, cara.id]);
    expect(
      ids(await owner.get("user/list", { query: { buyerId: shopA.id, sort: "orderCount", sortType: "asc" } })),
    ).toEqual([cara.id, ann.id]);
    const first = await owner.get("user/list", {
      query: { buyerId: shopA.id, sort: "fName", sortType: "asc", limit: 1 },
    });
    expect(ids(first)).toEqual([ann.id]);
    expect(first.body.isNext).toBe(true);
    const second = await owner.get("user/list", {
      query: { buyerId: shopA.id, sort: "fName", sortType: "asc", limit: 1, page: 2 },
    });
    expect(ids(second)).toEqual([cara.id]);
    expect(second.body.isNext).toBe(false);
  });

  it("refuses a sort the customers list does not have, and the users list's rights stay the admin's", async () => {
    const bad = await t.as(shopA.owner.cookie).get("user/list", { query: { buyerId: shopA.id, sort: "role" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sort[0]).toBe(
      MSG.listSort(["createdAt", "fName", "email", "orderCount", "spent", "lastOrderAt"]),
    );
    expect((await t.as(shopA.owner.cookie).get("user/list")).status).toBe(403);
    expect((await t.as(admin.cookie).get("user/list", { query: { sort: "orderCount" } })).status).toBe(400);
    expect((await t.as(admin.cookie).get("user/list")).status).toBe(200);
  });

  it("isolation and rights: another shop's id is 404; staff need customer view or add", async () => {
    expect((await t.as(shopA.owner.cookie).get("user/list", { query: { buyerId: shopB.id } })).status).toBe(404);
    expect((await t.as(staffView.cookie).get("user/list", { query: { buyerId: shopB.id } })).status).toBe(404);
    expect((await t.as(shopB.owner.cookie).get("user/list", { query: { buyerId: shopA.id } })).status).toBe(404);
    expect((await t.as(staffNone.cookie).get("user/list", { query: { buyerId: shopA.id } })).status).toBe(403);
    expect((await t.as(staffAdd.cookie).get("user/list", { query: { buyerId: shopA.id } })).status).toBe(200);
    expect((await t.get("user/list", { query: { buyerId: shopA.id } })).status).toBe(401);
  });
});

describe("POST user/search-customer", () => {
  it("finds a customer the shop knows whole, with their e-mail and gender", async () => {
    const res = await t
      .as(shopA.owner.cookie)
      .post("user/search-customer", { body: { type: "mobile", countryCode: ann.countryCode, mobile: ann.mobile } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.customerFound);
    expect(res.body.data).toEqual({
      found: true,
      alreadyCustomer: true,
      needsConfirmation: false,
      customer: {
        _id: ann.id,
        fName: "Ann",
        lName: "Archer",
        email: ann.email,
        gender: "Male",
        image: null,
        countryFlag: "AU",
        countryCode: ann.countryCode,
        mobile: ann.mobile,
      },
    });
  });

  it("says whether the shop already counted the customer", async () => {
    const res = await t
      .as(staffAdd.cookie)
      .post("user/search-customer", { body: { type: "mobile", countryFlag: "AU", mobile: cara.mobile } });
    expect(res.body.data).toMatchObject({ found: true, alreadyCustomer: true, needsConfirmation: false });
  });

  it("answers not found for a number no customer uses, and for a shop account's number", async () => {
    const nobody = await t
      .as(shopA.owner.cookie)
      .post("user/search-customer", { body: { type: "mobile", countryCode: "+61", mobile: freshMobile() } });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({
      message: MSG.customerNotFound,
      data: { found: false, customer: null, needsConfirmation: false },
    });
    const owner = await t
      .as(shopA.owner.cookie)
      .post("user/search-customer", { body: { type: "mobile", countryCode: "+61", mobile: shopB.owner.mobile } });
    expect(owner.body.data.found).toBe(false);
  });

  it("refuses a bad number or type with the spec's message, and staff without customer add", async () => {
    const bad = await t
      .as(shopA.owner.cookie)
      .post("user/search-customer", { body: { type: "mobile", countryCode: "+61", mobile: "12" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.mobile).toEqual([MSG.customerPhoneInvalid]);
    const type = await t
      .as(shopA.owner.cookie)
      .post("user/search-customer", { body: { type: "email", countryCode: "+61", mobile: ann.mobile } });
    expect(type.status).toBe(400);
    expect(
      (
        await t
          .as(staffView.cookie)
          .post("user/search-customer", { body: { type: "mobile", countryCode: "+61", mobile: ann.mobile } })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .as(staffNone.cookie)
          .post("user/search-customer", { body: { type: "mobile", countryCode: "+61", mobile: ann.mobile } })
      ).status,
    ).toBe(403);
  });
});

describe("a customer only another shop knows: masked until they confirm with a texted code (ADR 0048)", () => {
  const searchAs = (cookie: string, who: KitCustomer) =>
    t
      .as(cookie)
      .post("user/search-customer", { body: { type: "mobile", countryCode: who.countryCode, mobile: who.mobile } });
  const openAs = (cookie: string, who: KitCustomer) => t.as(cookie).get(`user/customer/${who.id}`);
  const masked = (who: KitCustomer) => ({
    _id: who.id,
    fName: who.fName,
    lName: who.lName,
    email: `k***@l***.test`,
    mobile: `******${who.mobile.slice(-3)}`,
    gender: null,
    image: null,
    countryFlag: "AU",
    countryCode: who.countryCode,
  });

  it("before: a shop that does not know them sees the name and masked contact only, and cannot open them; their own shop and admins see all", async () => {
    const dora = await kit.customer({ fName: "Dora", lName: "Dunn" });
    await kit.order(dora, { lines: [{ product: productB, quantity: 1 }] });
    for (const cookie of [shopA.owner.cookie, staffAdd.cookie]) {
      const res = await searchAs(cookie, dora);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        found: true,
        alreadyCustomer: false,
        needsConfirmation: true,
        customer: masked(dora),
      });
      expect(JSON.stringify(res.body)).not.toContain(dora.email);
      expect(JSON.stringify(res.body)).not.toContain(dora.mobile);
    }
    // the search alone made shop A know nobody: no record, no row in its list
    expect((await openAs(shopA.owner.cookie, dora)).status).toBe(404);
    expect((await openAs(staffView.cookie, dora)).status).toBe(404);
    expect((await openAs(staffAdd.cookie, dora)).status).toBe(403);
    expect((await openAs(staffNone.cookie, dora)).status).toBe(403);
    expect(ids(await t.as(shopA.owner.cookie).get("user/list", { query: { buyerId: shopA.id } }))).not.toContain(
      dora.id,
    );
    expect(
      await t.db
        .select()
        .from(shopCustomers)
        .where(and(eq(shopCustomers.shopId, shopA.id), eq(shopCustomers.customerId, dora.id))),
    ).toHaveLength(0);
    // staff without customer add may not search at all
    expect((await searchAs(staffView.cookie, dora)).status).toBe(403);
    expect((await searchAs(staffNone.cookie, dora)).status).toBe(403);
    // shop B, which she ordered from, and admins see her whole
    for (const cookie of [shopB.owner.cookie, admin.cookie]) {
      const res = await searchAs(cookie, dora);
      expect(res.body.data).toMatchObject({
        found: true,
        needsConfirmation: false,
        customer: { email: dora.email, gender: "Male", mobile: dora.mobile },
      });
      expect((await openAs(cookie, dora)).status).toBe(200);
    }
    expect((await searchAs(shopB.owner.cookie, dora)).body.data.alreadyCustomer).toBe(true);
  });

  it("after: the customer's code links them to the shop of the console user who asked, who then sees and opens them; other shops still do not", async () => {
    const eve = await kit.customer({ fName: "Eve", lName: "Evans" });
    await kit.order(eve, { lines: [{ product: productB, quantity: 1 }] });
    const shopC = await kit.shop({ name: "Shop C" });
    const sent = await t.as(staffAdd.cookie).post(`user/customer/${eve.id}/send-otp`, { headers: fromAddress() });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.customerConfirmCodeSent);
    expect(sent.body.data).toMatchObject({ countryCode: eve.countryCode, mobile: `******${eve.mobile.slice(-3)}` });
    const otp = await codeFor(eve.countryCode, eve.mobile);
    expect(otp).toMatch(/^\d{6}$/);
    // a wrong code spends a try and links nobody; the code is the asker's: the owner cannot spend it
    const wrong = await t
      .as(staffAdd.cookie)
      .post(`user/customer/${eve.id}/verify-otp`, { body: { otp: otp === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.otp).toEqual([MSG.otpInvalid]);
    expect((await t.as(shopA.owner.cookie).post(`user/customer/${eve.id}/verify-otp`, { body: { otp } })).status).toBe(
      400,
    );
    expect((await openAs(shopA.owner.cookie, eve)).status).toBe(404);
    const empty = await t.as(staffAdd.cookie).post(`user/customer/${eve.id}/verify-otp`, { body: {} });
    expect(empty.body.errors.otp).toEqual([MSG.customerOtpRequired]);

    const ok = await t.as(staffAdd.cookie).post(`user/customer/${eve.id}/verify-otp`, { body: { otp } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MSG.customerConfirmed);
    expect(ok.body.data).toMatchObject({ _id: eve.id, email: eve.email, gender: "Male", mobile: eve.mobile });
    const [known] = await t.db
      .select()
      .from(shopCustomers)
      .where(and(eq(shopCustomers.shopId, shopA.id), eq(shopCustomers.customerId, eve.id)));
    expect(known).toMatchObject({ source: "confirmed", addedBy: staffAdd.id });
    // shop A now knows her: whole in a search, her record opens for those with view, she is in the list with no figures
    const found = await searchAs(shopA.owner.cookie, eve);
    expect(found.body.data).toMatchObject({
      alreadyCustomer: true,
      needsConfirmation: false,
      customer: { email: eve.email, mobile: eve.mobile, gender: "Male" },
    });
    expect((await openAs(shopA.owner.cookie, eve)).body.data).toMatchObject({ email: eve.email });
    expect((await openAs(staffView.cookie, eve)).status).toBe(200);
    expect((await openAs(staffAdd.cookie, eve)).status).toBe(403);
    expect((await openAs(staffNone.cookie, eve)).status).toBe(403);
    expect(
      rows(await t.as(shopA.owner.cookie).get("user/list", { query: { buyerId: shopA.id } })).find(
        (r) => r._id === eve.id,
      ),
    ).toMatchObject({ orderCount: 0, spent: 0 });
    // another shop that does not know her still sees her masked and cannot open her
    expect((await searchAs(shopC.owner.cookie, eve)).body.data).toMatchObject({
      needsConfirmation: true,
      customer: { email: "k***@l***.test" },
    });
    expect((await openAs(shopC.owner.cookie, eve)).status).toBe(404);
    // the code is single use
    expect((await t.as(staffAdd.cookie).post(`user/customer/${eve.id}/verify-otp`, { body: { otp } })).status).toBe(
      400,
    );
  });

  it("rights: owners and staff with customer add; admins (no shop), other staff and anonymous callers are refused; a made-up id is 404", async () => {
    const fay = await kit.customer({ fName: "Fay", lName: "Ford" });
    const call = (cookie: string | null, step: "send-otp" | "verify-otp", id = fay.id) =>
      (cookie ? t.as(cookie) : t).post(`user/customer/${id}/${step}`, {
        body: step === "verify-otp" ? { otp: "123456" } : undefined,
        headers: fromAddress(),
      });
    for (const step of ["send-otp", "verify-otp"] as const) {
      expect((await call(admin.cookie, step)).status).toBe(403);
      expect((await call(staffView.cookie, step)).status).toBe(403);
      expect((await call(staffNone.cookie, step)).status).toBe(403);
      expect((await call(null, step)).status).toBe(401);
      expect((await call(shopA.owner.cookie, step, "0123456789abcdef01234567")).status).toBe(404);
      // a shop account is no customer to confirm
      expect((await call(shopA.owner.cookie, step, shopB.owner.id)).status).toBe(404);
    }
    expect((await call(shopB.owner.cookie, "send-otp")).status).toBe(200);
  });
});

describe("the add flow: auth/register/send-otp and auth/register/{shopId}", () => {
  it("registers a customer for the shop with the texted code; only that shop counts them; they sign in to the app by phone", async () => {
    const mobile = freshMobile();
    const sent = await t.as(staffAdd.cookie).post("auth/register/send-otp", {
      body: { countryFlag: "AU", countryCode: "+61", mobile },
      headers: fromAddress(),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.customerCodeSent);
    const otp = await codeFor("+61", mobile);
    expect(otp).toMatch(/^\d{6}$/);
    const res = await t.as(staffAdd.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.customerRegistered);
    expect(res.body.data).toMatchObject({
      fName: "Dana",
      lName: "Diaz",
      gender: "Female",
      countryCode: "+61",
      mobile,
      role: { role: "endUser" },
    });
    const id = res.body.data._id;
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ role: "endUser", passwordHash: null });
    expect(user.phoneVerifiedAt).not.toBeNull();
    const [known] = await t.db.select().from(shopCustomers).where(eq(shopCustomers.customerId, id));
    expect(known).toMatchObject({ shopId: shopA.id, source: "registered", addedBy: staffAdd.id });
    expect(ids(await t.as(shopA.owner.cookie).get("user/list", { query: { buyerId: shopA.id } }))).toContain(id);
    expect(ids(await t.as(shopB.owner.cookie).get("user/list", { query: { buyerId: shopB.id } }))).not.toContain(id);
    expect(
      ids(await t.as(shopB.owner.cookie).get("user/list", { query: { buyerId: shopB.id, search: mobile } })),
    ).toEqual([]);
    // the code is single use
    const again = await t
      .as(staffAdd.cookie)
      .post(`auth/register/${shopA.id}`, { body: { ...form(mobile, { email: "other@liveshop.test" }), otp } });
    expect(again.status).toBe(400);
    // the customers' door of the mobile app
    const token = await kit.customerToken({
      id,
      fName: "Dana",
      lName: "Diaz",
      email: user.email!,
      countryCode: "+61",
      mobile,
    });
    expect(token).toBeTruthy();
  });

  it("a wrong code changes nothing and spends one try; the right one still registers", async () => {
    const mobile = freshMobile();
    await t
      .as(shopA.owner.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers: fromAddress() });
    const otp = await codeFor("+61", mobile);
    const wrong = otp === "000000" ? "111111" : "000000";
    const refused = await t
      .as(shopA.owner.cookie)
      .post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.otp).toEqual([MSG.otpInvalid]);
    expect(await t.db.select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
    const [code] = await t.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.phone, `+61${mobile}`));
    expect(code.attempts).toBe(1);
    // the code belongs to whoever asked for it: another console user cannot spend it
    const other = await t.as(staffAdd.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } });
    expect(other.status).toBe(400);
    const ok = await t.as(shopA.owner.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } });
    expect(ok.status).toBe(200);
  });

  it("an expired code registers nobody", async () => {
    const mobile = freshMobile();
    await t
      .as(shopA.owner.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers: fromAddress() });
    const otp = await codeFor("+61", mobile);
    await t.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.phone, `+61${mobile}`));
    const res = await t.as(shopA.owner.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } });
    expect(res.status).toBe(400);
    expect(res.body.errors.otp).toEqual([MSG.otpInvalid]);
    expect(await t.db.select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
  });

  it("Resend OTP: a new code replaces the old one; past the send limit the resend fails with a 429", async () => {
    const mobile = freshMobile();
    const headers = fromAddress();
    const send = () =>
      t.as(shopA.owner.cookie).post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers });
    await send();
    const first = await codeFor("+61", mobile);
    expect((await send()).status).toBe(200);
    const second = await codeFor("+61", mobile);
    // the earlier code is gone: one live code per number and requester
    expect(
      await t.db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.phone, `+61${mobile}`)),
    ).toHaveLength(1);
    if (first !== second) {
      const old = await t
        .as(shopA.owner.cookie)
        .post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp: first } });
      expect(old.status).toBe(400);
    }
    // five requests per number and address in 15 minutes (ADR 0025): the sixth is refused and sends nothing
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MSG.otpThrottled);
    const ok = await t
      .as(shopA.owner.cookie)
      .post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp: await codeFor("+61", mobile) } });
    expect(ok.status).toBe(200);
  });

  it("refuses a number or e-mail another account uses, with a clear message, before any code goes out", async () => {
    const taken = await t
      .as(shopA.owner.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile: bob.mobile }, headers: fromAddress() });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.mobile).toEqual([MSG.customerPhoneTaken]);
    const mobile = freshMobile();
    const email = await t.as(shopA.owner.cookie).post("auth/register/send-otp", {
      body: { countryFlag: "AU", mobile, email: "ANN.ARCHER@liveshop.test" },
      headers: fromAddress(),
    });
    expect(email.status).toBe(400);
    expect(email.body.errors.email).toEqual([MSG.regEmailTaken]);
    expect(await codeFor("+61", mobile)).toBe("");
    // at registration too (e.g. taken in the meantime), and the code is not spent
    await t
      .as(shopA.owner.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers: fromAddress() });
    const otp = await codeFor("+61", mobile);
    const res = await t
      .as(shopA.owner.cookie)
      .post(`auth/register/${shopA.id}`, { body: { ...form(mobile, { email: ann.email }), otp } });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual([MSG.regEmailTaken]);
    expect(
      (await t.as(shopA.owner.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } })).status,
    ).toBe(200);
  });

  it("checks the form with the spec's messages", async () => {
    const owner = t.as(shopA.owner.cookie);
    const at = `auth/register/${shopA.id}`;
    const mobile = freshMobile();
    expect(
      (await owner.post(at, { body: { ...form(mobile, { fName: "" }), otp: "123456" } })).body.errors.fName,
    ).toEqual([MSG.regNameRequired]);
    expect(
      (await owner.post(at, { body: { ...form(mobile, { fName: "R2 D2" }), otp: "123456" } })).body.errors.fName,
    ).toEqual([MSG.customerNameInvalid]);
    expect(
      (await owner.post(at, { body: { ...form(mobile, { email: "" }), otp: "123456" } })).body.errors.email,
    ).toEqual([MSG.regEmailRequired]);
    expect((await owner.post(at, { body: { ...form("12"), otp: "123456" } })).body.errors.mobile).toEqual([
      MSG.customerPhoneInvalid,
    ]);
    // every field's message at once: an invalid number is reported beside the other fields' refusals
    expect((await owner.post(at, { body: { ...form("12", { fName: "R2 D2" }), otp: "" } })).body.errors).toEqual({
      fName: [MSG.customerNameInvalid],
      mobile: [MSG.customerPhoneInvalid],
      otp: [MSG.customerOtpRequired],
    });
    expect((await owner.post(at, { body: { ...form(mobile), otp: "" } })).body.errors.otp).toEqual([
      MSG.customerOtpRequired,
    ]);
    expect((await owner.post(at, { body: { ...form(mobile), otp: "12345" } })).body.errors.otp).toEqual([
      MSG.otpLength,
    ]);
    expect(
      (await owner.post(at, { body: { ...form(mobile, { gender: "Robot" }), otp: "123456" } })).body.errors.gender,
    ).toEqual([MSG.genderRequired]);
    expect((await owner.post(at, { body: { ...form(mobile, { role: "shopOwner" }), otp: "123456" } })).status).toBe(
      400,
    );
    expect(await t.db.select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
  });

  it("takes the shop's own uploaded picture and refuses anyone else's", async () => {
    const mobile = freshMobile();
    await t
      .as(shopA.owner.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers: fromAddress() });
    const otp = await codeFor("+61", mobile);
    const foreign = await kit.upload(shopB.owner.cookie, "catalogueImage");
    const refused = await t
      .as(shopA.owner.cookie)
      .post(`auth/register/${shopA.id}`, { body: { ...form(mobile, { image: foreign }), otp } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.image).toEqual([MSG.imageNotUploaded]);
    const own = await kit.upload(shopA.owner.cookie, "catalogueImage");
    const res = await t
      .as(shopA.owner.cookie)
      .post(`auth/register/${shopA.id}`, { body: { ...form(mobile, { image: own }), otp } });
    expect(res.status).toBe(200);
    expect(res.body.data.image).toBe(own);
  });

  it("isolation and rights: another shop's id is 404; staff without customer add are refused", async () => {
    const mobile = freshMobile();
    await t
      .as(shopA.owner.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers: fromAddress() });
    const otp = await codeFor("+61", mobile);
    expect(
      (await t.as(shopA.owner.cookie).post(`auth/register/${shopB.id}`, { body: { ...form(mobile), otp } })).status,
    ).toBe(404);
    expect(
      (await t.as(shopB.owner.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } })).status,
    ).toBe(404);
    expect(
      (await t.as(staffView.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } })).status,
    ).toBe(403);
    expect(
      (
        await t
          .as(staffView.cookie)
          .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile: freshMobile() } })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .as(staffNone.cookie)
          .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile: freshMobile() } })
      ).status,
    ).toBe(403);
    expect(
      (await t.post("auth/register/send-otp", { body: { countryFlag: "AU", mobile: freshMobile() } })).status,
    ).toBe(401);
    // none of the refusals spent the code
    expect(
      (await t.as(shopA.owner.cookie).post(`auth/register/${shopA.id}`, { body: { ...form(mobile), otp } })).status,
    ).toBe(200);
  });

  it("an admin registers a customer for any shop they name", async () => {
    const mobile = freshMobile();
    await t
      .as(admin.cookie)
      .post("auth/register/send-otp", { body: { countryFlag: "AU", mobile }, headers: fromAddress() });
    const otp = await codeFor("+61", mobile);
    const res = await t.as(admin.cookie).post(`auth/register/${shopB.id}`, { body: { ...form(mobile), otp } });
    expect(res.status).toBe(200);
    expect(ids(await t.as(shopB.owner.cookie).get("user/list", { query: { buyerId: shopB.id } }))).toContain(
      res.body.data._id,
    );
  });
});
