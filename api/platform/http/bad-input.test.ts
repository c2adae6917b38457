import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { users } from "#api/db/schema";
import { createOwnerWithShop, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { PNG } from "../../../tests/factories";
import { BODY_LIMIT } from "./router";

// Issue: bad input made 17 answers with status 500 (a NUL byte, malformed multipart, a flat discount of 1e308), and a
// 200 MB JSON body to the unauthenticated login was read in full. Each gets a clear 4xx and changes nothing.

let t: TestApi;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "bad-input@liveshop.test", password: "Admin#2026!" });
  admin = await t.signIn("bad-input@liveshop.test", "Admin#2026!");
  await createOwnerWithShop(t.db, { email: "bad-owner@liveshop.test", password: "Owner#2026!" });
  owner = await t.signIn("bad-owner@liveshop.test", "Owner#2026!");
});
afterAll(() => t.close());

const raw = (path: string, init: RequestInit) => t.app.request(`http://localhost/api/${path}`, init);

describe("a NUL character anywhere is a 400, never a database error", () => {
  it("in a list search", async () => {
    const res = await t.get("user/list", { cookie: admin, query: { search: "a\u0000b" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.nulCharacter);
  });

  it("in a JSON field, nested or as a key, and in a form field", async () => {
    for (const body of [
      { email: "a\u0000@liveshop.test", password: "x" },
      { email: "a@liveshop.test", password: "x", extra: { "k\u0000": 1 } },
    ]) {
      const res = await t.post("auth/login", { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.nulCharacter);
    }
    const form = await raw("auth/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%00b&password=x",
    });
    expect(form.status).toBe(400);
  });

  it("in a name that would be saved: nothing is saved", async () => {
    const before = await t.db.select().from(users);
    const res = await t.post("user/edit-profile", {
      cookie: admin,
      body: { fName: "Nul\u0000Name", countryFlag: "AU", mobile: "412345678", gender: "Male" },
    });
    expect(res.status).toBe(400);
    expect(await t.db.select().from(users)).toEqual(before);
  });
});

describe("malformed bodies", () => {
  it("a multipart body that is not one is a 400 with a clear message", async () => {
    const res = await raw("auth/login", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: "not a multipart body",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(MSG.bodyNotForm);
  });

  it("JSON that does not parse is a 400", async () => {
    const res = await raw("auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(MSG.bodyNotJson);
  });
});

describe("numbers", () => {
  it("a flat discount of 1e308 is refused as over the price, not stored as infinity", async () => {
    const res = await t.put("product/0123456789abcdef01234567", {
      cookie: owner,
      body: {
        prodId: "0123456789abcdef01234567",
        data: { isDiscount: true, isGlobalDiscount: true, discount: 1e308, discountType: "flat" },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors["data.discount"] ?? res.body.errors.discount).toEqual([MSG.flatDiscountMax]);
  });

  it('reads only decimal notation: "0x10", "1e3" and "Infinity" are not prices', async () => {
    for (const price of ["0x10", "1e3", "Infinity", " 12abc"]) {
      const res = await t.put("product/0123456789abcdef01234567", {
        cookie: owner,
        body: { prodId: "0123456789abcdef01234567", data: { price } },
      });
      expect(res.status, price).toBe(400);
      expect(Object.values(res.body.errors as Record<string, string[]>).flat(), price).toContain(
        MSG.variationPriceRequired,
      );
    }
    const paging = await t.get("user/list", { cookie: admin, query: { limit: "0x10" } });
    expect(paging.status).toBe(400);
  });
});

describe("request size", () => {
  it("a JSON body declared larger than 1 MB is refused with 413 before it is read", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const res = await raw("auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(MSG.bodyTooLarge);
    // at most what the stream buffers ahead on its own: nothing was read for parsing
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it("a body with no declared length is cut off as soon as it passes 1 MB", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
        if (sent > 50 * BODY_LIMIT) controller.close();
      },
    });
    const res = await raw("auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(2 * BODY_LIMIT);
  });

  it("a body just under the limit is read and answered as usual", async () => {
    const res = await t.post("auth/login", {
      body: { email: "nobody@liveshop.test", password: "x".repeat(BODY_LIMIT - 100) },
    });
    expect(res.status).toBe(400);
  });
});

describe("one-request uploads", () => {
  it("refuse a file name over 255 characters or with control characters, and store nothing", async () => {
    for (const [name, message] of [
      [`${"a".repeat(300)}.png`, MSG.fileNameTooLong],
      ["face%00.png", MSG.fileNameInvalid],
      ["face%0A.png", MSG.fileNameInvalid],
    ]) {
      const res = await raw("upload/file", {
        method: "POST",
        headers: { cookie: admin, "content-type": "image/png", "x-file-name": name, "x-purpose": "profileImage" },
        body: PNG,
      });
      expect(res.status, name.slice(0, 20)).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    const ok = await raw("upload/file", {
      method: "POST",
      headers: {
        cookie: admin,
        "content-type": "image/png",
        "x-file-name": `${"a".repeat(251)}.png`,
        "x-purpose": "profileImage",
      },
      body: PNG,
    });
    expect(ok.status).toBe(200);
  });
});

describe("deeply nested JSON", () => {
  const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
  it("is a 400 with a clear message, signed out and signed in, before anything walks it", async () => {
    const calls: [string, string | undefined][] = [
      ["auth/login", undefined],
      ["auth/send-otp/customer", undefined],
      ["auth/register-influencer", undefined],
      ["user/edit-profile", admin],
      ["attr", admin],
      ["coupon", owner],
    ];
    for (const [path, cookie] of calls) {
      {
        for (const text of [deep(5000), "[".repeat(5000), `{"a":${deep(100_000)}}`]) {
          const res = await raw(path, {
            method: "POST",
            headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
            body: text,
          });
          expect(res.status, `${path} ${text.slice(0, 8)}`).toBe(400);
          expect((await res.json()).message).toBe(MSG.bodyTooDeep);
        }
      }
    }
  });

  it("nesting up to the limit is read as usual (brackets inside text do not count)", async () => {
    const res = await raw("auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "[[[[".repeat(100), password: "x", extra: JSON.parse(deep(20)) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).not.toBe(MSG.bodyTooDeep);
  });
});

describe("names every object inherits (__proto__, constructor, toString …) are only names", () => {
  const BUILT_IN = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

  it("as an upload's purpose: a 400 naming the purpose, not a 500", async () => {
    for (const purpose of BUILT_IN) {
      const res = await raw("upload/file", {
        method: "POST",
        headers: { cookie: admin, "content-type": "image/png", "x-file-name": "a.png", "x-purpose": purpose },
        body: PNG,
      });
      expect(res.status, purpose).toBe(400);
      expect((await res.json()).errors.purpose).toEqual(["Unknown upload purpose"]);
    }
  });

  it("as an attribute's name and an option with a colour: saved as given", async () => {
    for (const name of BUILT_IN) {
      const res = await t.post("attr", {
        cookie: admin,
        body: {
          name,
          label: name,
          type: "dropdown",
          isForVariation: false,
          list: [name, "Red"],
          map: { [name]: "#112233", constructor: "#445566" },
        },
      });
      expect(res.status, name).toBe(200);
      expect(res.body.data).toMatchObject({ name, unit: null, list: [name, "Red"] });
      // zod reads a record without a "__proto__" key: that option simply has no colour
      expect(res.body.data.map, name).toEqual(
        name === "__proto__" ? {} : { [name]: name === "constructor" ? "#445566" : "#112233" },
      );
    }
  });

  it("as a list's sort or an API reference file: the usual answer", async () => {
    const list = await t.get("attr", { cookie: admin, query: { sort: "constructor" } });
    expect(list.status).toBeLessThan(500);
    const asset = await raw("docs/assets/constructor", { method: "GET" });
    expect(asset.status).toBe(404);
  });
});

describe("control characters (BEL, ESC, DEL …) are refused in every text, with a clear message", () => {
  it("in a person's name, an attribute's name and a list search", async () => {
    const profile = await t.post("user/edit-profile", {
      cookie: admin,
      body: { fName: "Bell\u0007", countryFlag: "AU", mobile: "412345678", gender: "Male" },
    });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(MSG.controlCharacter);
    const attr = await t.post("attr", {
      cookie: admin,
      body: { name: "Col\u001b[31mour", label: "Colour", type: "text", isForVariation: false },
    });
    expect(attr.status).toBe(400);
    expect(attr.body.message).toBe(MSG.controlCharacter);
    const search = await t.get("user/list", { cookie: admin, query: { search: "a\u007fb" } });
    expect(search.status).toBe(400);
    expect(search.body.message).toBe(MSG.controlCharacter);
  });

  it("tabs and line breaks are text", async () => {
    const attr = await t.post("attr", {
      cookie: admin,
      body: { name: "Tabbed", label: "Tab\there", type: "text", isForVariation: false, hint: "two\nlines" },
    });
    expect(attr.status).toBe(200);
  });
});
