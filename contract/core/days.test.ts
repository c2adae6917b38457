import { describe, expect, it } from "vitest";
import { MARKET_TIME_ZONE, dayFromDmy, dmyOf, formatDay, toDay, zoneDay } from "./days";

// zoneDay remembers the day of each quarter hour it has seen; its answers must be the zone's own calendar day
const direct = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

describe("zoneDay", () => {
  it("is the marketplace's day on each side of its midnights and of its daylight-saving changes, asked twice", () => {
    const instants = [
      // Sydney midnight in summer (UTC+11) and winter (UTC+10), a millisecond either side
      "2026-01-14T12:59:59.999Z",
      "2026-01-14T13:00:00.000Z",
      "2026-07-14T13:59:59.999Z",
      "2026-07-14T14:00:00.000Z",
      // daylight saving ends 2026-04-05 03:00 local (16:00Z) and starts 2026-10-04 02:00 local (16:00Z)
      "2026-04-04T15:59:59.999Z",
      "2026-04-04T16:00:00.000Z",
      "2026-10-03T15:59:59.999Z",
      "2026-10-03T16:00:00.000Z",
      "2026-10-03T13:00:00.000Z",
      "2026-10-03T14:00:00.000Z",
    ];
    for (let round = 0; round < 2; round++) {
      for (const instant of instants) expect(zoneDay(instant), instant).toBe(direct.format(new Date(instant)));
    }
    expect(zoneDay("2026-01-14T12:59:59.999Z")).toBe("2026-01-14");
    expect(zoneDay("2026-01-14T13:00:00.000Z")).toBe("2026-01-15");
    expect(formatDay("2026-07-14T14:00:00.000Z")).toBe("15/07/2026");
  });

  it("agrees with the zone every 7 min 13 s across two years, from a date, a string or a number", () => {
    const start = Date.UTC(2025, 11, 31);
    // the instants where the answer differs from the formatter's, collected (one assertion: a loop of expects costs
    // more than the comparisons themselves)
    const differ: string[] = [];
    for (let t = start; t < start + 2 * 366 * 86_400_000; t += 7 * 60_000 + 13_000) {
      const expected = direct.format(t);
      if (zoneDay(t) !== expected || zoneDay(new Date(t)) !== expected) differ.push(new Date(t).toISOString());
    }
    expect(differ).toEqual([]);
    expect(zoneDay(new Date(start).toISOString())).toBe(direct.format(start));
  });

  it("refuses an invalid instant as the formatter does", () => {
    expect(() => zoneDay("not a date")).toThrow(RangeError);
    expect(() => zoneDay("not a date")).toThrow(RangeError);
  });
});

// spec 1 §9, spec 2 §1: the console's date fields are typed DD/MM/YYYY; the API reads them as it reads YYYY-MM-DD
describe("toDay and the DD/MM/YYYY fields", () => {
  it("reads DD/MM/YYYY (and D/M/YYYY) as the same day as YYYY-MM-DD", () => {
    expect(toDay("05/03/2026")).toBe("2026-03-05");
    expect(toDay("5/3/2026")).toBe("2026-03-05");
    expect(toDay("2026-03-05")).toBe("2026-03-05");
  });

  it("refuses what is not a real day", () => {
    expect(toDay("31/02/2026")).toBeNull();
    expect(toDay("03/05/26")).toBeNull();
    expect(toDay("2026/03/05")).toBeNull();
    expect(dayFromDmy("13/13/2026")).toBeNull();
    expect(toDay("2026-13-01")).toBeNull();
  });

  it("shows a YYYY-MM-DD day as DD/MM/YYYY and leaves anything else as typed", () => {
    expect(dmyOf("2026-03-05")).toBe("05/03/2026");
    expect(dmyOf("05/03/2026")).toBe("05/03/2026");
    expect(dmyOf("soon")).toBe("soon");
  });
});
