import { describe, expect, it } from "vitest";
import { answerOf } from "./form-answer";

describe("answerOf", () => {
  it("reads a saved answer as the notice, with no reply", () => {
    const saved = { message: "Brand Added Successfully", to: "/app/brands" };
    expect(answerOf({ saved })).toEqual({ saved, reply: null });
  });

  it("reads a refused answer as the reply, with no notice", () => {
    const refused = { result: { status: "error" as const, error: { name: ["Please Enter Name"] } }, key: "k" };
    expect(answerOf(refused)).toEqual({ saved: null, reply: refused });
  });

  it("reads no answer (before the first post) as neither", () => {
    expect(answerOf(undefined)).toEqual({ saved: null, reply: null });
    expect(answerOf(null)).toEqual({ saved: null, reply: null });
  });
});
