import { describe, expect, it } from "vitest";
import { formatPrice, priceLabel, skuPrefix, variantKey } from "./products";

describe("product formats (spec 2 §1, §2, §4)", () => {
  it("shows prices as $ with 2 decimals, thousands grouped", () => {
    expect(formatPrice(5)).toBe("$5.00");
    expect(formatPrice(19.9)).toBe("$19.90");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(formatPrice(1000000)).toBe("$1,000,000.00");
  });

  it("shows the min–max range when variations have different prices, else one price", () => {
    expect(priceLabel({ price: 29.95, minAndMax: [29.95, 32.95] })).toBe("$29.95 - $32.95");
    expect(priceLabel({ price: 10, minAndMax: [10, 10] })).toBe("$10.00");
    expect(priceLabel({ price: 59.95, minAndMax: null })).toBe("$59.95");
  });

  it("builds the SKU prefix from the name's first 3 letters and joins combinations with _", () => {
    expect(skuPrefix("Bondi Linen Shirt")).toBe("BON");
    expect(skuPrefix("4 Ox")).toBe("OXX");
    expect(variantKey(["Red", "M"])).toBe("Red_M");
  });
});
