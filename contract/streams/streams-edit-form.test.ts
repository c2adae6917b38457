import { describe, expect, it } from "vitest";
import { MSG } from "../core/messages";
import {
  campaignStreamFormSchema,
  modalStreamFormSchema,
  pageStreamFormSchema,
  streamSaveFailure,
} from "./streams-edit-form";

// The two readings of spec 3 §5 (ADR 0037): each form answers with its own words, and a save that fails
// without a message the user can act on says 'Internal Server Error' (spec 3 §8).

/** Each field's messages when `form` is checked by `schema`. */
function messages(
  schema: typeof pageStreamFormSchema | typeof modalStreamFormSchema | typeof campaignStreamFormSchema,
  form: Record<string, unknown>,
) {
  const result = schema.safeParse(form);
  expect(result.success).toBe(false);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

describe("the shop page's modal (spec 3 §5 Shop-level add stream form)", () => {
  it("answers an empty form with the modal's messages", () => {
    expect(messages(modalStreamFormSchema, {})).toEqual({
      name: [MSG.streamModalTitleRequired],
      startDate: [MSG.streamDateRangeRequired],
      categories: [MSG.streamCategoryRequired],
      staff: [MSG.streamerRequired],
      video: [MSG.streamVideoRequired],
      image: [MSG.streamThumbnailRequired],
    });
    expect([
      MSG.streamModalTitleRequired,
      MSG.streamDateRangeRequired,
      MSG.streamCategoryRequired,
      MSG.streamVideoRequired,
      MSG.streamThumbnailRequired,
    ]).toEqual([
      "Please Enter The Title",
      "Please Enter Start and End Date",
      "Please Add Category",
      "Please Upload The Video",
      "Please Upload The Thumbnail Image",
    ]);
  });

  it("needs both dates and both times, the end not before the start", () => {
    const filled = { name: "Evening drop", categories: ["c1"], staff: "u1", image: "/i.png", video: "/v.mp4" };
    expect(
      messages(modalStreamFormSchema, { ...filled, startDate: "2026-12-01", endDate: "2026-12-01", startTime: "18:00" })
        .startDate,
    ).toEqual([MSG.streamDateRangeRequired]);
    expect(
      messages(modalStreamFormSchema, {
        ...filled,
        startDate: "2026-12-01",
        endDate: "2026-12-01",
        startTime: "18:00",
        endTime: "17:00",
      }).startDate,
    ).toEqual([MSG.streamEndBeforeStart]);
    const ok = modalStreamFormSchema.safeParse({
      ...filled,
      startDate: "2026-12-01",
      endDate: "2026-12-01",
      startTime: "18:00",
      endTime: "19:00",
    });
    expect(ok.success).toBe(true);
    expect(ok.data!.endDateAndTime! - ok.data!.startDateAndTime).toBe(3600_000);
  });
});

describe("the page (spec 3 §5: the version titled Add Stream or Edit Stream)", () => {
  it("answers an empty form with the page's messages", () => {
    expect(messages(pageStreamFormSchema, {})).toEqual({
      name: ["Please Enter The Stream Title"],
      startAt: ["Please Select The Date & Time"],
      categories: [MSG.streamCategoriesRequired],
      staff: ["Please Select The Streamer"],
      image: [MSG.streamThumbnailRequired],
      video: [MSG.streamVideoRequired],
    });
  });
});

describe("a campaign's stream (spec 3 §5 Campaign stream form)", () => {
  it("answers an empty form with the campaign form's messages", () => {
    expect(messages(campaignStreamFormSchema, {})).toEqual({
      name: ["Please Enter The Stream Title"],
      startAt: ["Please Select The Date & Time"],
      categories: ["Please Select The Categories"],
      influencer: ["Please Select The Streamer"],
      image: ["Please Upload Image"],
      video: ["Please Upload Video"],
    });
  });

  it("keeps the title to 5 to 20 characters and carries the campaign and the influencer", () => {
    const form = {
      campaignId: "c1",
      startAt: "2026-12-01 18:00:00",
      categories: ["c1"],
      influencer: "inf1",
      image: "/i.png",
      video: "/v.mp4",
    };
    expect(messages(campaignStreamFormSchema, { ...form, name: "Live" }).name).toEqual(["Stream Title Is Too Short"]);
    expect(messages(campaignStreamFormSchema, { ...form, name: "A".repeat(21) }).name).toEqual([
      "Maximum 20 Character",
    ]);
    const ok = campaignStreamFormSchema.safeParse({ ...form, name: "A".repeat(20) });
    expect(ok.data).toMatchObject({ campaignId: "c1", streamer: "inf1" });
    // the shop's page never sends a campaign
    expect(pageStreamFormSchema.safeParse({ ...form, name: "Evening" }).data?.campaignId).toBeUndefined();
  });
});

describe("Stream By (spec 3 §4: staff and influencer choices are mutually exclusive)", () => {
  it("takes one of them, and refuses both at once (what a form without JavaScript can send)", () => {
    const form = {
      name: "Evening drop",
      startAt: "2026-12-01T18:00",
      categories: ["c1"],
      image: "/i.png",
      video: "/v.mp4",
    };
    expect(pageStreamFormSchema.safeParse({ ...form, influencer: "inf1" }).data?.streamer).toBe("inf1");
    expect(pageStreamFormSchema.safeParse({ ...form, staff: "u1" }).data?.streamer).toBe("u1");
    expect(messages(pageStreamFormSchema, { ...form, staff: "u1", influencer: "inf1" }).staff).toEqual([
      MSG.streamerOneOnly,
    ]);
  });
});

describe("a failed save (spec 3 §8: falls back to 'Internal Server Error')", () => {
  it("shows the API's message for what the user can fix (4xx), else 'Internal Server Error'", () => {
    expect(streamSaveFailure({ httpStatus: 400, message: MSG.streamFinishedNoEdit })).toBe(
      "Finished streams cannot be edited",
    );
    expect(streamSaveFailure({ httpStatus: 404, message: "Not found" })).toBe("Not found");
    for (const failed of [
      { httpStatus: 500, message: MSG.serverError },
      { httpStatus: 502, message: "" },
      { httpStatus: 503, message: "upstream connect error" },
      { httpStatus: 400, message: "" },
    ])
      expect(streamSaveFailure(failed)).toBe("Internal Server Error");
  });
});
