import { describe, expect, it } from "vitest";
import { textAt, textsAt, valueAt } from "./posted";

describe("posted values read by their type", () => {
  const posted = { target: "product", rows: { v1: { price: "12", stock: 3 } }, list: ["a"] };
  it("reads a key of an object or array, nothing of anything else", () => {
    expect(valueAt(posted, "list")).toEqual(["a"]);
    expect(valueAt(posted.list, "0")).toBe("a");
    expect([null, undefined, "text", 4].map((v) => valueAt(v, "target"))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
  it("gives text only where text was posted", () => {
    expect(textAt(posted, "target")).toBe("product");
    expect(textAt(posted, "rows")).toBeUndefined();
    expect(textsAt(valueAt(posted, "rows"), "v1")).toEqual({ price: "12" });
    expect(textsAt(posted, "target")).toEqual({});
    expect(textsAt(undefined, "rows")).toEqual({});
  });
});
