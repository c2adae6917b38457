import {
  UNSAFE_convertRoutesToDataRoutes as convertRoutesToDataRoutes,
  matchRoutes,
  type AgnosticDataRouteObject,
  type AgnosticRouteObject,
} from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { memoizedDataRoutes, memoizedMatchRoutes, memoizedServerRoutes } from "~/services/route-matching.server";

// The memo stands in for React Router's matchRoutes on every page request: its answers must be the original's, with
// the route objects of the very array it is given (Remix makes them afresh for each request).
const tree = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      {
        id: "app",
        path: "app",
        children: [
          { id: "app-index", index: true },
          { id: "user-list", path: "user-list" },
          {
            id: "shop",
            path: "shop/:shopId",
            children: [
              { id: "commission", path: "commission" },
              { id: "streams", path: "streams" },
            ],
          },
          { id: "customer", path: "customer/:customerId?" },
        ],
      },
      { id: "about", path: ":lang?/about" },
      { id: "files", path: "files/*" },
      { id: "Case", path: "Case", caseSensitive: true },
      { id: "embed", path: "embed.js" },
      { id: "splat", path: "*" },
    ],
  },
];

const PATHS = [
  "/",
  "/app",
  "/app/",
  "/app/user-list",
  "/app/user-list?page=2#top",
  "/app/shop/abc123/commission",
  "/app/shop/xyz/streams",
  "/app/shop/xyz",
  "/app/customer",
  "/app/customer/c-1",
  "/en/about",
  "/about",
  "/files/a/b/c.txt",
  "/Case",
  "/case",
  "/embed.js",
  "/nowhere/at/all",
  "/app/shop/%E2%9C%93/commission",
];

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id) ?? null;

describe("memoizedMatchRoutes", () => {
  it("answers as matchRoutes does for every path, the first time and from the memo, as a string or a location", () => {
    const memo = memoizedMatchRoutes(matchRoutes);
    const routes = tree();
    for (let round = 0; round < 2; round++) {
      for (const path of PATHS) {
        expect(memo(routes, path), path).toEqual(matchRoutes(routes, path));
        const pathname = path.split(/[?#]/)[0];
        expect(memo(routes, { pathname }), path).toEqual(matchRoutes(routes, { pathname }));
      }
    }
    expect(ids(memo(routes, "/app/shop/abc123/commission"))).toEqual(["root", "app", "shop", "commission"]);
    expect(memo(routes, "/app/shop/abc123/commission")?.[3].params).toEqual({ shopId: "abc123" });
  });

  it("answers with the route objects of the array it is given, when a request makes the same routes afresh", () => {
    const memo = memoizedMatchRoutes(matchRoutes);
    const first = tree();
    const second = tree();
    memo(first, "/app/shop/abc123/streams");
    const matches = memo(second, "/app/shop/abc123/streams")!;
    expect(matches.map((m) => m.route)).toEqual(matchRoutes(second, "/app/shop/abc123/streams")!.map((m) => m.route));
    for (const m of matches)
      expect(
        second.flatMap(function all(r): AgnosticRouteObject[] {
          return [r, ...(r.children ?? []).flatMap(all)];
        }),
      ).toContain(m.route);
    expect(matches[3].route).not.toBe(first[0].children![1].children![2].children![1]);
    expect(matches[3].route).toBe(second[0].children![1].children![2].children![1]);
  });

  it("does not answer from the memo for routes of another shape or another basename", () => {
    const memo = memoizedMatchRoutes(matchRoutes);
    const routes = tree();
    expect(ids(memo(routes, "/app/user-list"))).toEqual(["root", "app", "user-list"]);
    const renamed = tree();
    renamed[0].children![1].children![1].path = "users";
    expect(ids(memo(renamed, "/app/user-list"))).toEqual(["root", "splat"]);
    expect(ids(memo(renamed, "/app/users"))).toEqual(["root", "app", "user-list"]);
    const indexGone = tree();
    delete indexGone[0].children![1].children![0].index;
    expect(memo(indexGone, "/app")).toEqual(matchRoutes(indexGone, "/app"));
    expect(memo(routes, "/shop/app/user-list", "/shop")).toEqual(matchRoutes(routes, "/shop/app/user-list", "/shop"));
    expect(ids(memo(routes, "/shop/app/user-list", "/shop"))).toEqual(["root", "app", "user-list"]);
  });

  it("gives each answer its own params object, shared by its matches as React Router does", () => {
    const memo = memoizedMatchRoutes(matchRoutes);
    const routes = tree();
    const a = memo(routes, "/app/shop/one/commission")!;
    (a[3].params as Record<string, string>).shopId = "changed";
    const b = memo(routes, "/app/shop/one/commission")!;
    expect(b[3].params).toEqual({ shopId: "one" });
    expect(b[0].params).toBe(b[3].params);
  });
});

// Remix's own builder of the render's routes (RemixServer reads it from this file; the package has no exports map)
const { createServerRoutes } = createRequire(import.meta.url)("@remix-run/react/dist/routes.js");

describe("the render's routes, built once", () => {
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    app: { id: "app", parentId: "root", path: "app", hasLoader: true },
    brands: { id: "brands", parentId: "app", path: "brands", hasLoader: true },
    home: { id: "home", parentId: "root", index: true, hasLoader: false },
  };
  const Page = () => null;
  const modules = () => ({
    root: { default: Page },
    app: { default: Page, handle: { roles: ["admin"] } },
    brands: { default: Page },
    home: { default: Page },
  });
  const future = { v3_singleFetch: true };

  it("are Remix's routes, and the same routes for the same manifest, modules and flags", () => {
    const memo = memoizedServerRoutes(createServerRoutes);
    const routeModules = modules();
    const first = memo(manifest, routeModules, future, false);
    expect(JSON.stringify(first)).toBe(JSON.stringify(createServerRoutes(manifest, routeModules, future, false)));
    expect(first.map((r) => r.id)).toEqual(["root"]);
    expect(first[0].children!.map((r) => r.id)).toEqual(["app", "home"]);
    expect(memo(manifest, { ...routeModules }, future, false)).toBe(first);
  });

  it("are built again when a route's module, the flags or the manifest differ", () => {
    const memo = memoizedServerRoutes(createServerRoutes);
    const routeModules = modules();
    const first = memo(manifest, routeModules, future, false);
    const changed = { ...routeModules, brands: { default: () => "other" } };
    const again = memo(manifest, changed, future, false);
    expect(again).not.toBe(first);
    expect((again[0].children![0].children![0] as { Component?: unknown }).Component).toBe(changed.brands.default);
    expect(memo(manifest, changed, { ...future }, false)).not.toBe(again);
    expect(memo({ ...manifest }, changed, future, false)).not.toBe(again);
  });

  it("are converted to data routes once, and each caller's manifest gets every route as the original gives it", () => {
    const memo = memoizedDataRoutes(convertRoutesToDataRoutes);
    const routes = tree();
    const mapRouteProperties = (route: AgnosticRouteObject) => ({ hasErrorBoundary: route.id === "app" });
    const expectedManifest: Record<string, AgnosticDataRouteObject> = {};
    const expected = convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, expectedManifest);
    const manifestA: Record<string, AgnosticDataRouteObject> = {};
    const a = memo(routes, mapRouteProperties, undefined, manifestA);
    expect(a).toEqual(expected);
    expect(Object.keys(manifestA).sort()).toEqual(Object.keys(expectedManifest).sort());
    const manifestB: Record<string, AgnosticDataRouteObject> = {};
    const b = memo(routes, mapRouteProperties, undefined, manifestB);
    expect(b).toBe(a);
    expect(manifestB).toEqual(manifestA);
    expect(manifestB.commission).toBe(a[0].children![1].children![2].children![0]);
    // another array, or other route properties: converted afresh
    expect(memo(tree(), mapRouteProperties, undefined, {})).not.toBe(a);
    expect(memo(routes, () => ({ hasErrorBoundary: false }), undefined, {})).not.toBe(a);
  });
});
