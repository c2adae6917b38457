import { describe, expect, it } from "vitest";
import { formRefused } from "./forms.server";

describe("formRefused", () => {
  const result = { status: "error" as const, error: { name: ["Please Enter Name"] } };

  it("answers conform's reply with the refusal's status and the API's headers", async () => {
    const headers = new Headers({ "Set-Cookie": "a=1" });
    const response = formRefused(result, 422, headers);
    expect(response.status).toBe(422);
    expect(response.headers.get("Set-Cookie")).toBe("a=1");
    expect(await response.json()).toEqual({ result });
  });

  it("sends what the page shows beside the form with it", async () => {
    const response = formRefused(result, 400, new Headers(), { intent: "tax", key: "k" });
    expect(await response.json()).toEqual({ intent: "tax", key: "k", result });
  });
});
