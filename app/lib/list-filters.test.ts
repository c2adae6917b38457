import { describe, expect, it } from "vitest";
import { asOptions, checkboxes, day, param, readFilters, select, shownFilterNames } from "./list-filters";

const filters = {
  from: day("From"),
  status: select("Status", { all: "All", options: asOptions(["live", "finished"]), onlyListed: true }),
  gender: select("Gender", { all: "All genders" }),
  role: checkboxes("Role"),
  buyerId: param(),
};

describe("readFilters", () => {
  it("reads each filter by its kind", () => {
    const search = new URLSearchParams("from=2024-01-02&status=live&gender=Male&role=admin&role=staff&buyerId=b1");
    expect(readFilters(search, filters)).toEqual({
      from: "2024-01-02",
      status: "live",
      gender: "Male",
      role: ["admin", "staff"],
      buyerId: "b1",
    });
  });

  it("drops a value a strict select does not list, and leaves absent filters unset", () => {
    expect(readFilters(new URLSearchParams("status=bogus&gender=Any"), filters)).toEqual({
      from: undefined,
      status: undefined,
      gender: "Any",
      role: [],
      buyerId: undefined,
    });
  });
});

describe("shownFilterNames", () => {
  it("names the filters the form shows, not the bare params", () => {
    expect(shownFilterNames(filters)).toEqual(["from", "status", "gender", "role"]);
  });
});
