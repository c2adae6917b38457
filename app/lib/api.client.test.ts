import { afterEach, describe, expect, it, vi } from "vitest";
import { UI_MSG } from "#contract/core/messages-ui";
import { ApiCallError, callApi, callApiList } from "./api.client";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function browserAt(path: string, respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const assign = vi.fn();
  const [pathname, search = ""] = path.split("?");
  vi.stubGlobal("window", { location: { pathname, search: search ? `?${search}` : "", assign } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => respond(url, init)),
  );
  return assign;
}

afterEach(() => vi.unstubAllGlobals());

describe("callApi, the browser's one /api call", () => {
  it("a 1001 answer (session gone) sends the user to the sign-in page, back to where they were", async () => {
    const assign = browserAt("/app/products/add?x=1", () =>
      answer(401, { success: false, status: 1001, message: "Unauthorized" }),
    );
    await expect(callApi("POST", "brand", { body: { name: "Acme" } })).rejects.toThrow("Unauthorized");
    expect(assign).toHaveBeenCalledWith("/auth/login?redirectTo=%2Fapp%2Fproducts%2Fadd%3Fx%3D1");
  });

  it("a refusal rejects with its message and field errors, and stays on the page", async () => {
    const assign = browserAt("/app/products/add", () =>
      answer(400, {
        success: false,
        message: "Please Enter Brand Name",
        errors: { name: ["Please Enter Brand Name"] },
      }),
    );
    const refusal = await callApi("POST", "brand", { body: {} }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiCallError);
    expect(refusal).toMatchObject({
      message: "Please Enter Brand Name",
      errors: { name: ["Please Enter Brand Name"] },
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it("a body that is not the envelope gives 'Something went wrong'", async () => {
    browserAt("/app", () => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(callApi("GET", "geo/states", { query: { country: "AU" } })).rejects.toThrow(UI_MSG.somethingWrong);
  });

  it("sends JSON with the session cookie and reads a list's rows and isNext", async () => {
    let sent: RequestInit | undefined;
    browserAt("/app", (url, init) => {
      sent = init;
      expect(url).toBe("/api/category/list?limit=100&search=a+b&id=1&id=2");
      return answer(200, { success: true, message: "", data: [{ _id: "c1" }], isNext: true, count: 11 });
    });
    await expect(
      callApiList("POST", "category/list", {
        query: { limit: 100, search: "a b", id: [1, 2], sort: undefined },
        body: { parent: "p1" },
      }),
    ).resolves.toEqual({ data: [{ _id: "c1" }], isNext: true });
    expect(sent).toMatchObject({ method: "POST", credentials: "same-origin", body: JSON.stringify({ parent: "p1" }) });
  });

  it("an aborted call rejects with the AbortError and does not go to sign-in", async () => {
    const assign = browserAt(
      "/app",
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
    );
    const controller = new AbortController();
    const call = callApi("GET", "geo/places/autocomplete", { query: { input: "Syd" }, signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(assign).not.toHaveBeenCalled();
  });
});
