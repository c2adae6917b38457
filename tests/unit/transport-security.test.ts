import { describe, expect, it } from "vitest";
import { transportSecurity } from "#server-shared/security";

describe("Strict-Transport-Security", () => {
  it("is sent by a production server whose public address is https", () => {
    expect(transportSecurity({ NODE_ENV: "production", PUBLIC_URL: "https://console.liveshop.example" })).toEqual({
      "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    });
  });

  it("is not sent over plain http or outside production, where it would lock browsers out of the address", () => {
    expect(transportSecurity({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" })).toEqual({});
    expect(transportSecurity({ NODE_ENV: "production" })).toEqual({});
    expect(transportSecurity({ NODE_ENV: "development", PUBLIC_URL: "https://console.liveshop.example" })).toEqual({});
  });
});
