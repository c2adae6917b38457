import { describe, expect, it } from "vitest";
import { provenTotal } from "./list";

// ADR 0012: a list's estimated size is never told below what the page on screen proves exists
describe("provenTotal", () => {
  it("keeps an exact count as it is", () => {
    expect(provenTotal({ count: 42, estimated: false, skip: 40, shown: 2, isNext: false })).toEqual({
      count: 42,
      kind: "exact",
    });
  });

  it("on the last page, tells the exact count the page proves, whatever the estimate said", () => {
    expect(provenTotal({ count: 1001, estimated: true, skip: 5200, shown: 13, isNext: false })).toEqual({
      count: 5213,
      kind: "exact",
    });
    expect(provenTotal({ count: 9000, estimated: true, skip: 5200, shown: 13, isNext: false })).toEqual({
      count: 5213,
      kind: "exact",
    });
  });

  it("with a next page and an estimate no higher than the rows seen, says 'more than' the rows seen", () => {
    expect(provenTotal({ count: 1001, estimated: true, skip: 5100, shown: 100, isNext: true })).toEqual({
      count: 5200,
      kind: "more than",
    });
    expect(provenTotal({ count: 5201, estimated: true, skip: 5100, shown: 100, isNext: true })).toEqual({
      count: 5200,
      kind: "more than",
    });
  });

  it("keeps an estimate above what the page proves", () => {
    expect(provenTotal({ count: 99070, estimated: true, skip: 0, shown: 10, isNext: true })).toEqual({
      count: 99070,
      kind: "about",
    });
  });

  it("past the end (no rows), keeps the estimate", () => {
    expect(provenTotal({ count: 1500, estimated: true, skip: 9000, shown: 0, isNext: false })).toEqual({
      count: 1500,
      kind: "about",
    });
  });

  it("is the same when applied again to what the API sent (the page re-applies it)", () => {
    const page = { skip: 5100, shown: 100, isNext: true };
    const api = provenTotal({ count: 1001, estimated: true, ...page });
    const wire = { count: api.count + 1, estimated: true };
    expect(provenTotal({ ...wire, ...page })).toEqual(api);
  });
});
