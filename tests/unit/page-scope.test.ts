import { describe, expect, it } from "vitest";
import { inPageScope, onePerPage } from "~/services/page-scope.server";

// Remix gives each loader of a page its own copy of the request: what a page does once (the sign-in check, the
// session lookup, the preferences cookie) must be shared by the page's scope, not by the Request object.
const SLOT = Symbol("test");
const copyOf = (request: Request) => new Request(request.url, { headers: request.headers });

describe("onePerPage", () => {
  it("makes a value once for every loader of a page request, across their copies of the request and their awaits", async () => {
    let made = 0;
    const make = () => ++made;
    const page = new Request("http://localhost/app/user-list?index");
    const [layout, list] = await inPageScope(() =>
      Promise.all([
        Promise.resolve().then(() => onePerPage(copyOf(page), SLOT, make)),
        new Promise<number>((resolve) => setTimeout(() => resolve(onePerPage(copyOf(page), SLOT, make)), 1)),
      ]),
    );
    expect([layout, list, made]).toEqual([1, 1, 1]);
    // the next page request has its own
    expect(inPageScope(() => onePerPage(copyOf(page), SLOT, make))).toBe(2);
  });

  it("keeps one value per Request object outside a scope (the development server, form posts)", () => {
    let made = 0;
    const make = () => ++made;
    const post = new Request("http://localhost/app/user-list", { method: "POST" });
    expect(onePerPage(post, SLOT, make)).toBe(1);
    expect(onePerPage(post, SLOT, make)).toBe(1);
    expect(onePerPage(copyOf(post), SLOT, make)).toBe(2);
  });
});
