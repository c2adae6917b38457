import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney } from "./format";

describe("dates (spec 1 §9: DD/MM/YYYY, stream time DD/MM/YYYY, hh:mm A)", () => {
  it("writes day, month and year in Sydney time, zero-padded", () => {
    expect(formatDate("2026-03-04T01:00:00Z")).toBe("04/03/2026");
    // 15:00 UTC on 1 February is already 2 February in Sydney
    expect(formatDate(new Date("2026-02-01T15:00:00Z"))).toBe("02/02/2026");
  });

  it("writes stream times with a 12-hour clock and AM/PM", () => {
    expect(formatDateTime("2026-07-01T03:05:00Z")).toBe("01/07/2026, 01:05 PM");
    expect(formatDateTime("2026-07-01T14:30:00Z")).toBe("02/07/2026, 12:30 AM");
  });

  it("writes nothing for a missing or invalid date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime(undefined)).toBe("");
  });
});

describe("money (spec 1 §9: $ with 2 decimals)", () => {
  it("always shows two decimals and groups thousands", () => {
    expect(formatMoney(5)).toBe("$5.00");
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney("19.999")).toBe("$20.00");
    expect(formatMoney(-5)).toBe("-$5.00");
  });

  it("writes nothing for a missing amount", () => {
    expect(formatMoney(null)).toBe("");
    expect(formatMoney("abc")).toBe("");
  });
});
