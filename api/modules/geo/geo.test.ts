import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { checkLocation } from "./service";
import { testApi, type TestApi } from "../../../tests/api-harness";

// spec 1 §3 Country option {code, name}, State option {state_code, name}, City option: a plain string; ARCHITECTURE §6
let t: TestApi;
beforeAll(async () => {
  t = await testApi();
});
afterAll(async () => {
  await t.close();
});

describe("countries, states and cities (public)", () => {
  it("lists every country with its two-letter code and name, without a session", async () => {
    const res = await t.get("geo/countries");
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(240);
    expect(res.body.data).toContainEqual({ code: "AU", name: "Australia" });
    for (const c of res.body.data) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it("lists the states of a country as {state_code, name}, and takes the code in any letter case", async () => {
    const res = await t.get("geo/states", { query: { country: "au" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ state_code: "NSW", name: "New South Wales" });
    expect(res.body.data).toHaveLength(8);
  });

  it("lists the cities of a state as plain names", async () => {
    const res = await t.get("geo/cities", { query: { country: "AU", state: "NSW" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toContain("Sydney");
    expect(res.body.data.every((name: unknown) => typeof name === "string")).toBe(true);
  });

  it("answers the spec's countries-service shapes: POST states {iso2} gives data.states, POST cities {country, state} gives names", async () => {
    const states = await t.post("geo/states", { body: { iso2: "NZ" } });
    expect(states.status).toBe(200);
    expect(states.body.data.states).toContainEqual(expect.objectContaining({ name: "Auckland Region" }));
    const cities = await t.post("geo/cities", { body: { country: "AU", state: "VIC" } });
    expect(cities.body.data).toContain("Melbourne");
  });

  it("refuses an unknown country or a state of another country with a message on the field", async () => {
    const country = await t.get("geo/states", { query: { country: "ZZ" } });
    expect(country.status).toBe(400);
    expect(country.body.errors).toEqual({ country: [MSG.geoCountryUnknown] });
    const state = await t.get("geo/cities", { query: { country: "NZ", state: "NSW" } });
    expect(state.status).toBe(400);
    expect(state.body.errors).toEqual({ state: [MSG.geoStateUnknown] });
    const missing = await t.get("geo/states");
    expect(missing.status).toBe(400);
    expect(missing.body.errors.country).toEqual([MSG.countryRequired]);
  });
});

describe("checkLocation (used by the influencer forms)", () => {
  it("accepts a city of the state of the country, and names the first field that does not fit", async () => {
    expect(await checkLocation({ country: "AU", state: "NSW", city: "Sydney" })).toBeNull();
    expect(await checkLocation({ country: "XX", state: "NSW", city: "Sydney" })).toEqual({
      field: "country",
      message: MSG.geoCountryUnknown,
    });
    expect(await checkLocation({ country: "AU", state: "AUK", city: "Sydney" })).toEqual({
      field: "state",
      message: MSG.geoStateUnknown,
    });
    expect(await checkLocation({ country: "AU", state: "VIC", city: "Sydney" })).toEqual({
      field: "city",
      message: MSG.cityRequired,
    });
  });
});
