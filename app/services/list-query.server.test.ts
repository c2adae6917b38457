import { describe, expect, it } from "vitest";
import { listQuery } from "./api.server";

const at = (query: string) => new Request(`http://localhost/app/products${query}`);

describe("listQuery", () => {
  it("takes the sort direction from the URL when it is asc or desc", () => {
    expect(listQuery(at("?sortType=asc"), { sort: "createdAt" }).sortType).toBe("asc");
    expect(listQuery(at("?sortType=desc"), { sort: "createdAt", sortType: "asc" }).sortType).toBe("desc");
  });

  it("falls back to the default direction, else desc, for a missing or unknown one", () => {
    expect(listQuery(at("?sortType=up"), { sort: "createdAt", sortType: "asc" }).sortType).toBe("asc");
    expect(listQuery(at(""), { sort: "createdAt" })).toEqual({
      sort: "createdAt",
      sortType: "desc",
      limit: 10,
      skip: 0,
      search: undefined,
    });
  });
});
