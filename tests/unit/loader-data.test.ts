import { describe, expect, it } from "vitest";
import { loaderData } from "~/services/api.server";

// a page loader answers with its data as it is (no JSON round trip), or as JSON with the headers there are to send
describe("loaderData", () => {
  const data = { list: { rows: [{ _id: "a", name: "Arlo & Mae" }], count: 1 }, listError: null };

  it("is the data itself when no header is to be sent", () => {
    expect(loaderData(data, new Headers())).toBe(data);
    expect(loaderData(data, null)).toBe(data);
    expect(loaderData(data)).toBe(data);
  });

  it("is a JSON response carrying the headers when the API set a cookie", async () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "ls_session=abc; Path=/; HttpOnly");
    const answer = loaderData(data, headers);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.headers.getSetCookie()).toEqual(["ls_session=abc; Path=/; HttpOnly"]);
    expect(await response.json()).toEqual(data);
  });
});
