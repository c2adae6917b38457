import { describe, expect, it } from "vitest";
import { MSG } from "../core/messages";
import {
  applyTimingIntent,
  embedSnippet,
  readTimingRows,
  timingErrorsFrom,
  timingsToRows,
  twelveHour,
} from "./shop-profile";
import { timingRowsSchema } from "./shop-profile-api";

// spec 1 §3 Shop timings, §5 Shop profile edits (timing rows), §9 opening hours 12-hour and embed modes

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("the timings editor's rows", () => {
  it("reads `timings[i].day|start|end` from a form, in row order, blank rows included", () => {
    const rows = readTimingRows(
      form([
        ["timings[1].day", "friday"],
        ["timings[0].day", "monday"],
        ["timings[0].start", "9:00 AM"],
        ["timings[0].end", "5:00 PM"],
        ["intent", "timings"],
      ]),
      "timings",
    );
    expect(rows).toEqual([
      { day: "monday", start: "9:00 AM", end: "5:00 PM" },
      { day: "friday", start: "", end: "" },
    ]);
  });

  it("adds a blank row, and removes one only after confirmation and only while more than one exists", () => {
    const one = [{ day: "monday", start: "9:00 AM", end: "5:00 PM" }];
    expect(applyTimingIntent("timings-add-row", one, "timings")).toEqual({
      rows: [...one, { day: "", start: "", end: "" }],
      confirming: null,
    });
    expect(applyTimingIntent("timings-remove-row:0", one, "timings")).toEqual({ rows: one, confirming: null });
    expect(applyTimingIntent("timings-remove-confirmed:0", one, "timings")).toEqual({ rows: one, confirming: null });
    const two = [...one, { day: "friday", start: "", end: "" }];
    // asking keeps every row and names the one to confirm; cancelling keeps them; confirming removes it
    expect(applyTimingIntent("timings-remove-row:0", two, "timings")).toEqual({ rows: two, confirming: 0 });
    expect(applyTimingIntent("timings-keep", two, "timings")).toEqual({ rows: two, confirming: null });
    expect(applyTimingIntent("timings-remove-confirmed:0", two, "timings")).toEqual({
      rows: [two[1]],
      confirming: null,
    });
    expect(applyTimingIntent("timings-remove-row:7", two, "timings")).toEqual({ rows: two, confirming: null });
    expect(applyTimingIntent("timings-remove-confirmed:7", two, "timings")).toEqual({ rows: two, confirming: null });
    expect(applyTimingIntent("name", two, "timings")).toBeNull();
  });

  it("turns the stored map into rows, weekday order, slots by start, 12-hour text", () => {
    expect(
      timingsToRows({
        saturday: [{ status: true, start: "14:00", end: "16:00" }],
        monday: [
          { status: true, start: "1:00 PM", end: "5:00 PM" },
          { status: true, start: "9:00 AM", end: "12:00 PM" },
        ],
      }),
    ).toEqual([
      { day: "monday", start: "9:00 AM", end: "12:00 PM" },
      { day: "monday", start: "1:00 PM", end: "5:00 PM" },
      { day: "saturday", start: "2:00 PM", end: "4:00 PM" },
    ]);
    expect(twelveHour("00:30")).toBe("12:30 AM");
    expect(twelveHour("12:00")).toBe("12:00 PM");
  });

  it("checks rows with the spec's messages at the row's field, ignoring blank rows", () => {
    const bad = timingRowsSchema.safeParse([
      { day: "", start: "9:00 AM", end: "" },
      {},
      { day: "monday", start: "", end: "5:00 PM" },
    ]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["0.day", MSG.dayRequired],
      ["0.end", MSG.endRequired],
      ["2.start", MSG.startRequired],
    ]);
    const none = timingRowsSchema.safeParse([{}, { day: "", start: "", end: "" }]);
    expect(none.error!.issues.map((i) => i.message)).toEqual([MSG.shopTimingRequired]);
    expect(timingRowsSchema.safeParse(undefined).error!.issues.map((i) => i.message)).toEqual([MSG.shopTimingRequired]);
    const good = timingRowsSchema.safeParse([
      { day: "monday", start: "2:00 PM", end: "5:00 PM" },
      { day: "monday", start: "9:00 AM", end: "1:00 PM" },
    ]);
    expect(good.data).toEqual({
      monday: [
        { status: true, start: "9:00 AM", end: "1:00 PM" },
        { status: true, start: "2:00 PM", end: "5:00 PM" },
      ],
    });
  });

  it("places conform's error keys on rows and the editor", () => {
    expect(
      timingErrorsFrom(
        { timings: [MSG.shopTimingRequired], "timings[1].day": [MSG.dayRequired], name: ["x"] },
        "timings",
      ),
    ).toEqual({
      form: [MSG.shopTimingRequired],
      rows: { 1: { day: [MSG.dayRequired] } },
    });
  });
});

describe("the Script card's snippet (spec 1 §9)", () => {
  it("sets window.shopId and window.mode and loads the embed script", () => {
    const snippet = embedSnippet("abc123", "carousel_slider", "https://shop.test/embed.js");
    expect(snippet).toContain('window.shopId = "abc123";');
    expect(snippet).toContain('window.mode = "carousel_slider";');
    expect(snippet).toContain('<script src="https://shop.test/embed.js" async></script>');
  });
});
