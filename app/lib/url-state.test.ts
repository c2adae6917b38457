import { describe, expect, it } from "vitest";
import { closeOverlayHref, listHref, readListState, withParams } from "./url-state";

const place = {
  pathname: "/app/user-list",
  search: "?page=3&limit=25&sort=fName&sortType=asc&search=ann&role=endUser&role=staff",
};

describe("list URLs (spec 1 §4 Pagination)", () => {
  it("keeps the page when only the page or an overlay changes", () => {
    expect(listHref(place, { page: 4 })).toBe(
      "/app/user-list?page=4&limit=25&sort=fName&sortType=asc&search=ann&role=endUser&role=staff",
    );
    expect(listHref(place, { drawer: "view", id: "u1" })).toContain("page=3");
  });

  it("goes back to page 1 when page size, search, a filter or the sort changes", () => {
    for (const change of [
      { limit: 50 },
      { search: "bob" },
      { role: ["influencer"] },
      { gender: "Female" },
      { sort: "email" },
    ]) {
      expect(withParams(place.search, change).get("page")).toBeNull();
    }
  });

  it("removes a key for null, empty text or an empty list, and repeats it for a list", () => {
    const params = withParams(place.search, { search: "", role: ["a", "b", "c"], sort: null });
    expect(params.get("search")).toBeNull();
    expect(params.get("sort")).toBeNull();
    expect(params.getAll("role")).toEqual(["a", "b", "c"]);
    expect(withParams("?role=a", { role: [] }).toString()).toBe("");
  });

  it("leaves page 1 out of the URL, and drops the query string when nothing is left", () => {
    expect(listHref({ pathname: "/app/user-list", search: "?page=2" }, { page: 1 })).toBe("/app/user-list");
  });

  it("closes a drawer or dialog by dropping drawer, confirm and id only", () => {
    expect(closeOverlayHref({ pathname: "/x", search: "?page=2&drawer=view&id=u1&confirm=delete" })).toBe("/x?page=2");
  });
});

describe("readListState", () => {
  it("applies spec 1 §9's defaults and ignores nonsense", () => {
    expect(readListState("", { sort: "createdAt" })).toEqual({
      page: 1,
      limit: 10,
      sort: "createdAt",
      sortType: "desc",
      search: "",
    });
    expect(readListState("?page=-2&limit=abc&sortType=sideways", { sort: "createdAt" })).toMatchObject({
      page: 1,
      limit: 10,
      sortType: "desc",
    });
    expect(readListState(place.search, { sort: "createdAt" })).toEqual({
      page: 3,
      limit: 25,
      sort: "fName",
      sortType: "asc",
      search: "ann",
    });
  });
});
