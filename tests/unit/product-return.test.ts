import { describe, expect, it } from "vitest";
import { productReturnHref } from "~/lib/product-links";

const owner = { role: { role: "shopOwner" as const } };
const admin = { role: { role: "admin" as const } };

// Edit Product's Discard and Save return to the list the user came from, never anywhere else
describe("productReturnHref", () => {
  it("keeps the list's page, size, sort and search, without what was open over it", () => {
    expect(
      productReturnHref(
        owner,
        "s1",
        "/app/products?page=3&limit=25&sort=name&sortType=asc&search=tee&confirm=delete&id=p9",
      ),
    ).toBe("/app/products?page=3&limit=25&sort=name&sortType=asc&search=tee");
    expect(productReturnHref(admin, "s1", "/app/shop/s1/products?page=2")).toBe("/app/shop/s1/products?page=2");
  });

  it("gives the bare list for another path, another shop's list, another host or nothing", () => {
    for (const back of [
      "/app/user-list?page=2",
      "/app/shop/s2/products?page=2",
      "https://evil.test/app/products",
      "//evil.test/app/products",
      "",
      null,
    ]) {
      expect(productReturnHref(owner, "s1", back)).toBe("/app/products");
    }
    expect(productReturnHref(admin, "s1", "/app/products?page=2")).toBe("/app/shop/s1/products");
  });
});
