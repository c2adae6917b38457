import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { placesHandlers } from "../../../tests/mocks/places";
import { offlinePlaces, placesProvider } from "./places";

// Google answered by MSW at the HTTP boundary; any other call out fails the test
const mocks = setupServer(...placesHandlers);
beforeAll(() => mocks.listen({ onUnhandledRequest: "error" }));
afterAll(() => mocks.close());

describe("offline places (country-state-city cities with coordinates)", () => {
  it("reads 'street, city' and predicts the city with its state and country, the default country first", async () => {
    const predictions = await offlinePlaces.autocomplete("12 George St, Sydney");
    expect(predictions[0]).toEqual({
      description: "12 George St, Sydney, New South Wales, Australia",
      place_id: expect.stringMatching(/^csc:/),
    });
    // Sydney, Nova Scotia too, after Australia's
    expect(predictions.map((p) => p.description)).toContain("12 George St, Sydney, Nova Scotia, Canada");
  });

  it("resolves a prediction's place_id to its description and the city's coordinates", async () => {
    const [first] = await offlinePlaces.autocomplete("12 George St, Sydney");
    const place = await offlinePlaces.details(first!.place_id);
    expect(place).toEqual({
      description: "12 George St, Sydney, New South Wales, Australia",
      place_id: first!.place_id,
      latitude: -33.86785,
      longitude: 151.20732,
    });
  });

  it("finds the city at the end of text without commas, and by the start of its name", async () => {
    expect((await offlinePlaces.autocomplete("5 Queen St Melbourne"))[0]?.description).toBe(
      "5 Queen St, Melbourne, Victoria, Australia",
    );
    expect((await offlinePlaces.autocomplete("Brisba"))[0]?.description).toBe("Brisbane, Queensland, Australia");
  });

  it("gives nothing for text naming no city, too short a text, or an id it did not make", async () => {
    expect(await offlinePlaces.autocomplete("Qxzqxz")).toEqual([]);
    expect(await offlinePlaces.autocomplete("a")).toEqual([]);
    expect(await offlinePlaces.details("not-a-place")).toBeNull();
    expect(await offlinePlaces.details("csc:bm9wZQ")).toBeNull();
    // a well-formed id for a city that does not exist
    expect(
      await offlinePlaces.details(
        `csc:${Buffer.from(JSON.stringify(["1 A St", "AU", "NSW", "Atlantis"])).toString("base64url")}`,
      ),
    ).toBeNull();
  });
});

describe("Google Places (GOOGLE_MAPS_API_KEY set)", () => {
  const google = placesProvider({ GOOGLE_MAPS_API_KEY: "test-maps-key" });

  it("is chosen when the key is set, offline otherwise", () => {
    expect(google.kind).toBe("google");
    expect(placesProvider({ GOOGLE_MAPS_API_KEY: undefined }).kind).toBe("offline");
  });

  it("gives Autocomplete's predictions as {description, place_id}, and [] for ZERO_RESULTS", async () => {
    expect(await google.autocomplete("George St Sydney")).toEqual([
      { description: "12 George St, Sydney NSW 2000, Australia", place_id: "ChIJP3Sa8ziYEmsRUKgyFmh9AQM" },
    ]);
    expect(await google.autocomplete("zzz")).toEqual([]);
  });

  it("resolves a place id with Place Details: formatted address and location", async () => {
    expect(await google.details("ChIJP3Sa8ziYEmsRUKgyFmh9AQM")).toEqual({
      description: "12 George St, Sydney NSW 2000, Australia",
      place_id: "ChIJP3Sa8ziYEmsRUKgyFmh9AQM",
      latitude: -33.8599,
      longitude: 151.209,
    });
    expect(await google.details("unknown-place")).toBeNull();
  });

  it("turns a refusal (REQUEST_DENIED) into our message, not Google's", async () => {
    const denied = placesProvider({ GOOGLE_MAPS_API_KEY: "denied-key" });
    await expect(denied.autocomplete("George St")).rejects.toMatchObject({
      status: 500,
      message: MSG.placesUnavailable,
    });
    await expect(denied.details("ChIJP3Sa8ziYEmsRUKgyFmh9AQM")).rejects.toMatchObject({
      status: 500,
      message: MSG.placesUnavailable,
    });
  });
});

describe("GET geo/places/autocomplete and geo/places/{placeId}", () => {
  let t: TestApi;
  let google: TestApi;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await testApi();
    await createUser(t.db, { role: "admin", email: "admin@places.test", password: "Admin#2026!" });
    const { shop } = await createOwnerWithShop(t.db, { email: "owner@places.test", password: "Owner#2026!" });
    await createStaff(t.db, shop.id, [], { email: "staff@places.test", password: "Staff#2026!" });
    await createUser(t.db, { role: "influencer", email: "inf@places.test", password: "Infl#2026!" });
    cookies.admin = await t.signIn("admin@places.test", "Admin#2026!");
    cookies.owner = await t.signIn("owner@places.test", "Owner#2026!");
    cookies.staff = await t.signIn("staff@places.test", "Staff#2026!");
    google = await testApi({ GOOGLE_MAPS_API_KEY: "test-maps-key" });
    await createUser(google.db, { role: "admin", email: "admin@places.test", password: "Admin#2026!" });
    cookies.googleAdmin = await google.signIn("admin@places.test", "Admin#2026!");
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it("predicts for every console user and resolves the chosen one", async () => {
    for (const who of ["admin", "owner", "staff"]) {
      const res = await t.get("geo/places/autocomplete", {
        cookie: cookies[who],
        query: { input: "12 George St, Sydney" },
      });
      expect(res.status).toBe(200);
      expect(res.body.data[0].description).toBe("12 George St, Sydney, New South Wales, Australia");
    }
    const [first] = (
      await t.get("geo/places/autocomplete", { cookie: cookies.admin, query: { input: "12 George St, Sydney" } })
    ).body.data;
    const res = await t.get(`geo/places/${encodeURIComponent(first.place_id)}`, { cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      description: "12 George St, Sydney, New South Wales, Australia",
      place_id: first.place_id,
      latitude: -33.86785,
      longitude: 151.20732,
    });
  });

  it("answers an empty input with no predictions, and an unknown place with 404/1004", async () => {
    expect((await t.get("geo/places/autocomplete", { cookie: cookies.admin, query: { input: "" } })).body.data).toEqual(
      [],
    );
    const res = await t.get("geo/places/nowhere", { cookie: cookies.admin });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 1004, message: MSG.placeUnknown });
  });

  it("is for console users only: 401 without a session", async () => {
    const res = await t.get("geo/places/autocomplete", { query: { input: "Sydney" } });
    expect(res.status).toBe(401);
    expect((await t.get("geo/places/csc:x")).status).toBe(401);
  });

  it("asks Google when GOOGLE_MAPS_API_KEY is set", async () => {
    const res = await google.get("geo/places/autocomplete", {
      cookie: cookies.googleAdmin,
      query: { input: "Collins St" },
    });
    expect(res.body.data).toEqual([
      { description: "1 Collins St, Melbourne VIC 3000, Australia", place_id: "ChIJ90260rVG1moRkM2MIXVWBAQ" },
    ]);
    const place = await google.get("geo/places/ChIJ90260rVG1moRkM2MIXVWBAQ", { cookie: cookies.googleAdmin });
    expect(place.body.data).toMatchObject({ latitude: -37.814, longitude: 144.973 });
  });
});
