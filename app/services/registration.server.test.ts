import { describe, expect, it } from "vitest";
import { fieldMessages } from "./registration.server";

describe("fieldMessages", () => {
  it("keeps each field's messages and leaves out the form's own and the fields without any", () => {
    expect(
      fieldMessages({ "": ["Something went wrong"], email: ["Please Enter Valid Email"], mobile: null, bio: [] }),
    ).toEqual({ email: ["Please Enter Valid Email"] });
  });

  it("answers no messages for no reply", () => {
    expect(fieldMessages(undefined)).toEqual({});
  });
});
