import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { attributes } from "#api/db/schema";
import { createAttribute } from "#api/db/seed/catalogue-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit } from "../../../tests/factories";

let t: TestApi;
const cookies: Record<"admin" | "owner" | "editor" | "adder" | "cashier", string> = {
  admin: "",
  owner: "",
  editor: "",
  adder: "",
  cashier: "",
};
const ids: Record<string, string> = {};
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

beforeAll(async () => {
  t = await testApi();
  const kit = testKit(t);
  const shop = await kit.shop();
  cookies.admin = (await kit.admin()).cookie;
  cookies.owner = shop.owner.cookie;
  cookies.editor = (await kit.staff(shop, ["product:edit"])).cookie;
  cookies.adder = (await kit.staff(shop, ["product:add"])).cookie;
  cookies.cashier = (await kit.staff(shop, ["coupon:add", "order:status-edit"])).cookie;

  const attr = (
    name: string,
    label: string,
    type: "text" | "dropdown" | "radio" | "number" | "boolean",
    isForVariation: boolean,
    created: string,
    list: string[] = [],
    map = {},
  ) => createAttribute(t.db, { name, label, type, isForVariation, list, map, createdAt: day(created) });
  ids.size = (await attr("Size", "Shoe size", "dropdown", true, "2026-01-01", ["S", "M", "L", "XL"])).id;
  ids.colour = (
    await attr("Colour", "Main colour", "radio", true, "2026-02-01", ["Red", "Blue"], { Red: "#E53935" })
  ).id;
  ids.material = (await attr("Material", "Fabric", "text", false, "2026-03-01")).id;
  ids.height = (await attr("Height", "Height (cm)", "number", false, "2026-04-01")).id;
  ids.organic = (await attr("Organic", "Certified organic", "boolean", false, "2026-05-01")).id;
});
afterAll(() => t.close());

const list = (query: Record<string, string | number | undefined> = {}, cookie = cookies.admin) =>
  t.get("attr", { cookie, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((a) => a.name);
const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Fit",
  label: "Fit",
  type: "dropdown",
  isForVariation: false,
  list: ["Slim", "Regular"],
  hint: "",
  ...overrides,
});
const push = (id: string, data: unknown, cookie = cookies.admin, bodyId: string | undefined = id) =>
  t.put(`attr/push/${id}`, { cookie, body: { id: bodyId, data } });

describe("GET attr (spec 2 §7 Attribute)", () => {
  it("lists attributes newest first by default, as spec 2 §3's Attribute, with count and isNext", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 5, isNext: false });
    expect(names(res)).toEqual(["Organic", "Height", "Material", "Colour", "Size"]);
    expect(res.body.data.find((a: { name: string }) => a.name === "Colour")).toEqual({
      _id: ids.colour,
      name: "Colour",
      label: "Main colour",
      type: "radio",
      hint: "",
      isForVariation: true,
      list: ["Red", "Blue"],
      map: { Red: "#E53935" },
      unit: null,
      createdAt: "2026-02-01T09:00:00.000Z",
    });
  });

  it("every console user may read the list", async () => {
    for (const cookie of [cookies.owner, cookies.editor, cookies.cashier])
      expect((await list({}, cookie)).status).toBe(200);
  });

  it("searches name or label, in any letter case, with search or the spec's searchText", async () => {
    expect(names(await list({ search: "colour" }))).toEqual(["Colour"]);
    expect(names(await list({ searchText: "FABRIC" }))).toEqual(["Material"]);
    expect(names(await list({ searchText: "size" }))).toEqual(["Size"]);
    expect((await list({ search: "%" })).body).toMatchObject({ data: [], count: 0, isNext: false });
  });

  it("filters by isForVariation, or its alias isVariation", async () => {
    expect(names(await list({ isForVariation: "true" }))).toEqual(["Colour", "Size"]);
    expect(names(await list({ isVariation: "false" }))).toEqual(["Organic", "Height", "Material"]);
    const combined = await list({ isForVariation: "true", search: "siz" });
    expect(combined.body).toMatchObject({ count: 1, isNext: false });
    const bad = await list({ isForVariation: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.isForVariation).toEqual([MSG.attributeVariationFilter]);
  });

  it("sorts by name, label, type and createdAt in both directions; refuses other columns", async () => {
    expect(names(await list({ sort: "name", sortType: "asc" }))).toEqual([
      "Colour",
      "Height",
      "Material",
      "Organic",
      "Size",
    ]);
    expect(names(await list({ sort: "name", sortType: "desc" }))).toEqual([
      "Size",
      "Organic",
      "Material",
      "Height",
      "Colour",
    ]);
    expect(names(await list({ sort: "label", sortType: "asc" }))).toEqual([
      "Organic",
      "Material",
      "Height",
      "Colour",
      "Size",
    ]);
    expect(names(await list({ sort: "type", sortType: "asc" }))).toEqual([
      "Organic",
      "Size",
      "Height",
      "Colour",
      "Material",
    ]);
    expect(names(await list({ sort: "createdAt", sortType: "asc" }))).toEqual([
      "Size",
      "Colour",
      "Material",
      "Height",
      "Organic",
    ]);
    const bad = await list({ sort: "hint" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sort).toHaveLength(1);
  });

  it("pages with page or skip and limit, capped at 100", async () => {
    const first = await list({ limit: 2 });
    expect(names(first)).toEqual(["Organic", "Height"]);
    expect(first.body).toMatchObject({ count: 5, isNext: true });
    expect(names(await list({ limit: 2, page: 2 }))).toEqual(["Material", "Colour"]);
    expect(names(await list({ limit: 2, skip: 2 }))).toEqual(["Material", "Colour"]);
    const last = await list({ limit: 2, page: 3 });
    expect(names(last)).toEqual(["Size"]);
    expect(last.body).toMatchObject({ count: 5, isNext: false });
    expect((await list({ limit: 101 })).status).toBe(400);
  });
});

describe("POST attr (spec 2 §5, §7 Attribute)", () => {
  it("adds an attribute with the spec's success message and returns it", async () => {
    const res = await t.post("attr", {
      cookie: cookies.admin,
      body: {
        name: " Shade ",
        label: "Shade",
        type: "dropdown",
        isForVariation: "true",
        list: [" Red ", "red", "", "Navy"],
        hint: "Pick the closest",
        map: { red: "#e53935", Green: "#00ff00" },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.attributeAdded });
    expect(res.body.data).toMatchObject({
      name: "Shade",
      label: "Shade",
      type: "dropdown",
      isForVariation: true,
      list: ["Red", "Navy"],
      map: { Red: "#E53935" },
      hint: "Pick the closest",
      unit: null,
    });
    const [row] = await t.db.select().from(attributes).where(eq(attributes.id, res.body.data._id));
    expect(row).toMatchObject({ name: "Shade", list: ["Red", "Navy"], map: { Red: "#E53935" } });
    expect((await t.get(`attr/${res.body.data._id}`, { cookie: cookies.admin })).body.data).toEqual(res.body.data);
  });

  it("gives Weight its default unit, kg (and Width cm); text and number attributes need no list", async () => {
    const weight = await t.post("attr", {
      cookie: cookies.admin,
      body: validBody({ name: "Weight", label: "Weight", type: "number", list: undefined }),
    });
    expect(weight.status).toBe(200);
    expect(weight.body.data).toMatchObject({ unit: "kg", list: [], hint: "" });
    const width = await t.post("attr", {
      cookie: cookies.admin,
      body: validBody({ name: "width", label: "Width", type: "text", list: [] }),
    });
    expect(width.body.data.unit).toBe("cm");
  });

  it("answers each of the spec's messages on its field", async () => {
    const empty = await t.post("attr", { cookie: cookies.admin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      name: [MSG.attributeNameRequired],
      label: [MSG.attributeLabelRequired],
      type: [MSG.attributeTypeRequired],
      isForVariation: [MSG.attributeVariationRequired],
      list: [MSG.attributeListRequired],
    });
    expect(empty.body.message).toBe(MSG.attributeNameRequired);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "   " }, "name", MSG.attributeNameRequired],
      [{ name: "x".repeat(21) }, "name", MSG.max20],
      [{ label: "" }, "label", MSG.attributeLabelRequired],
      [{ label: "y".repeat(21) }, "label", MSG.max20],
      [{ type: "colour" }, "type", MSG.attributeTypeRequired],
      [{ isForVariation: "yes" }, "isForVariation", MSG.attributeVariationRequired],
      [{ list: [] }, "list", MSG.attributeListRequired],
      [{ list: ["  ", ""] }, "list", MSG.attributeListRequired],
      [{ type: "boolean", list: [] }, "list", MSG.attributeListRequired],
      [{ list: ["z".repeat(51)] }, "list.0", MSG.optionMax],
      [{ hint: "h".repeat(101) }, "hint", MSG.hintMax],
      [{ map: { Slim: "red" } }, "map.Slim", MSG.colourInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.post("attr", { cookie: cookies.admin, body: validBody(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(overrides)).toEqual([message]);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses a name already taken, in any letter case, on the name field", async () => {
    const res = await t.post("attr", { cookie: cookies.admin, body: validBody({ name: "SIZE" }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: MSG.attributeNameTaken,
      errors: { name: [MSG.attributeNameTaken] },
    });
    expect((await list({ search: "size" })).body.count).toBe(1);
  });

  it("is admin-only: 403 for owners and staff, 401 signed out", async () => {
    for (const cookie of [cookies.owner, cookies.editor])
      expect((await t.post("attr", { cookie, body: validBody({ name: "Nope" }) })).status).toBe(403);
    const signedOut = await t.post("attr", { body: validBody({ name: "Nope" }) });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.status).toBe(1001);
    expect((await list({ search: "Nope" })).body.count).toBe(0);
  });
});

describe("GET attr/multiple and attr/{id} (spec 2 §3 Attribute definition)", () => {
  it("returns the definitions in the order asked, skipping unknown ids", async () => {
    const res = await t.get("attr/multiple", {
      cookie: cookies.editor,
      query: { id: [ids.organic, "no-such-id", ids.size] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { name: string }) => d.name)).toEqual(["Organic", "Size"]);
    expect(res.body.data[1]).toEqual({
      _id: ids.size,
      id: ids.size,
      name: "Size",
      label: "Shoe size",
      field_name: "Size",
      data_type: "dropdown",
      type: "dropdown",
      list: ["S", "M", "L", "XL"],
      map: {},
      hint: "",
      unit: null,
      defaultValue: "",
      isForVariation: true,
    });
    // a boolean is offered as Yes/No radios
    expect(res.body.data[0]).toMatchObject({ data_type: "radio", type: "boolean", list: ["Yes", "No"] });
  });

  it("accepts one comma-separated value, and at most 100 ids", async () => {
    const res = await t.get("attr/multiple", { cookie: cookies.owner, query: { id: `${ids.height},${ids.colour}` } });
    expect(res.body.data.map((d: { name: string; data_type: string }) => [d.name, d.data_type])).toEqual([
      ["Height", "number"],
      ["Colour", "radio"],
    ]);
    const tooMany = await t.get("attr/multiple", {
      cookie: cookies.admin,
      query: { id: Array.from({ length: 101 }, (_, i) => `id${i}`).join(",") },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MSG.attributeIdsMax);
  });

  it("GET attr/{id} answers one attribute, or 404 with status 1004", async () => {
    const one = await t.get(`attr/${ids.material}`, { cookie: cookies.cashier });
    expect(one.body.data).toMatchObject({ _id: ids.material, name: "Material", type: "text", list: [] });
    const missing = await t.get("attr/no-such-id", { cookie: cookies.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.status).toBe(1004);
  });

  it("answers 401 to the signed out", async () => {
    for (const path of ["attr", "attr/multiple", `attr/${ids.size}`])
      expect((await t.get(path, { query: { id: ids.size } })).status).toBe(401);
    expect((await t.put(`attr/push/${ids.size}`, { body: { data: { field: "list", value: "XXL" } } })).status).toBe(
      401,
    );
  });
});

describe("PUT attr/push/{id} (spec 2 §7 Attribute)", () => {
  it("lets an admin add an option, with the message and the updated attribute", async () => {
    const res = await push(ids.size, { field: "list", value: " XXL " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.attributeOptionAdded });
    expect(res.body.data).toMatchObject({ _id: ids.size, list: ["S", "M", "L", "XL", "XXL"] });
  });

  it("refuses an option already in the list, in any letter case, and an empty one", async () => {
    const dup = await push(ids.size, { field: "list", value: "xl" });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({
      message: MSG.attributeOptionExists,
      errors: { "data.value": [MSG.attributeOptionExists] },
    });
    const empty = await push(ids.size, { field: "list", value: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.attributeOptionRequired);
    const [row] = await t.db.select().from(attributes).where(eq(attributes.id, ids.size));
    expect(row.list).toEqual(["S", "M", "L", "XL", "XXL"]);
  });

  it("lets the shop owner and staff with product:edit or product:add add options", async () => {
    expect((await push(ids.size, { field: "list", value: "3XL" }, cookies.owner)).status).toBe(200);
    expect((await push(ids.size, { field: "list", value: "4XL" }, cookies.editor)).status).toBe(200);
    expect((await push(ids.size, { field: "list", value: "5XL" }, cookies.adder)).status).toBe(200);
    expect((await t.get(`attr/${ids.size}`, { cookie: cookies.admin })).body.data.list).toEqual([
      "S",
      "M",
      "L",
      "XL",
      "XXL",
      "3XL",
      "4XL",
      "5XL",
    ]);
  });

  it("refuses staff without product rights with 403", async () => {
    const res = await push(ids.size, { field: "list", value: "6XL" }, cookies.cashier);
    expect(res.status).toBe(403);
    expect((await t.get(`attr/${ids.size}`, { cookie: cookies.admin })).body.data.list).not.toContain("6XL");
  });

  it("map: adds a coloured option, or colours an option that has none (keeping the list's spelling); never repaints one", async () => {
    const added = await push(ids.colour, { field: "map", value: { name: "Green", value: "#43a047" } }, cookies.owner);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: MSG.attributeOptionAdded,
      data: { list: ["Red", "Blue", "Green"], map: { Red: "#E53935", Green: "#43A047" } },
    });
    const coloured = await push(
      ids.colour,
      { field: "map", value: { name: "blue", value: "#1E88E5" } },
      cookies.editor,
    );
    expect(coloured.status).toBe(200);
    expect(coloured.body.data).toMatchObject({
      list: ["Red", "Blue", "Green"],
      map: { Red: "#E53935", Green: "#43A047", Blue: "#1E88E5" },
    });
    const repaint = await push(ids.colour, { field: "map", value: { name: "RED", value: "#000000" } });
    expect(repaint.status).toBe(400);
    expect(repaint.body.message).toBe(MSG.attributeOptionExists);
    expect((await t.get(`attr/${ids.colour}`, { cookie: cookies.admin })).body.data.map).toEqual({
      Red: "#E53935",
      Green: "#43A047",
      Blue: "#1E88E5",
    });
    const bad = await push(ids.colour, { field: "map", value: { name: "Pink", value: "pink" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors["data.value.value"]).toEqual([MSG.colourInvalid]);
  });

  it("refuses options on text and number attributes: only list types have options (spec 2 §5)", async () => {
    for (const id of [ids.material, ids.height]) {
      const res = await push(id, { field: "list", value: "Cotton" });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: MSG.attributeTakesNoOptions,
        errors: { "data.value": [MSG.attributeTakesNoOptions] },
      });
      expect((await push(id, { field: "map", value: { name: "Red", value: "#E53935" } })).body.message).toBe(
        MSG.attributeTakesNoOptions,
      );
      expect((await t.get(`attr/${id}`, { cookie: cookies.admin })).body.data).toMatchObject({ list: [], map: {} });
    }
  });

  it("refuses an unknown field, a body id that is not the path's, and answers 404 for an unknown attribute", async () => {
    const field = await push(ids.size, { field: "hint", value: "x" });
    expect(field.status).toBe(400);
    expect(field.body.message).toBe(MSG.attributePushField);
    const mismatch = await push(ids.size, { field: "list", value: "7XL" }, cookies.admin, ids.colour);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(MSG.attributeIdMismatch);
    const missing = await push("no-such-id", { field: "list", value: "7XL" });
    expect(missing.status).toBe(404);
  });
});

describe("two people adding the same option at once (ARCHITECTURE §3: one conditional UPDATE)", () => {
  it("adds the option exactly once when six add it simultaneously", async () => {
    const target = await createAttribute(t.db, {
      name: "Race Colour",
      label: "Race Colour",
      type: "dropdown",
      list: ["Red"],
    });
    const who = [cookies.admin, cookies.owner, cookies.editor, cookies.adder, cookies.admin, cookies.owner];
    const results = await Promise.all(
      who.map((cookie, i) => push(target.id, { field: "list", value: i % 2 ? "teal" : "Teal" }, cookie)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe(MSG.attributeOptionExists);
    const [row] = await t.db.select().from(attributes).where(eq(attributes.id, target.id));
    expect(row.list.filter((o) => o.toLowerCase() === "teal")).toHaveLength(1);
  });
});
