import { createRequire } from "node:module";
import type {
  AgnosticDataRouteObject,
  AgnosticRouteMatch,
  AgnosticRouteObject,
  Location,
  UNSAFE_convertRoutesToDataRoutes,
} from "@remix-run/router";

// A document request asks React Router which routes match its path four times: Remix's handler, the static handler's
// query, the lazy route discovery's manifest and the rendering. Each time React Router flattens every route of the
// app, ranks the branches and compiles each pattern into a regular expression until one matches: about 2 ms of a
// page's CPU (docs/architecture.md, budgets: a list page costs at most twice its API call; `npm run bench:ssr`).
// Three of the four go through the router package's exported `matchRoutes`, two of them with route objects made
// afresh for the request, so a memo keyed by the routes array would never hit. This one is keyed by the routes'
// shape (ids, paths, index and case flags, children, in order) and the path, and keeps where in the tree each match
// is, so it answers with the route objects of the array it is given. ADR 0041.

type Routes = AgnosticRouteObject[];
type MatchRoutes = (
  routes: Routes,
  location: Partial<Location> | string,
  basename?: string,
) => AgnosticRouteMatch[] | null;

interface Found {
  /** the match's route as child indices from the top of the tree */
  at: number[];
  pathname: string;
  pathnameBase: string;
}
interface Answer {
  found: Found[];
  params: Record<string, string | undefined>;
}

/** Answers kept; a path with an id in it makes its own entry, so the oldest go first. */
const KEEP = 2_000;

/** The routes' shape: what React Router's matching reads of each route, in tree order, as one string. */
function shapeOf(routes: Routes): string {
  let shape = "";
  for (const route of routes) {
    shape += `${route.id ?? ""}\u0001${route.path ?? ""}${route.index ? "\u0002" : ""}${route.caseSensitive ? "\u0003" : ""}`;
    if (route.children?.length) shape += `(${shapeOf(route.children)})`;
    shape += "\u0004";
  }
  return shape;
}

/** `matchRoutes` answering from a memo; its answers equal the original's (tests/unit/route-matching.test.ts). */
export function memoizedMatchRoutes(original: MatchRoutes): MatchRoutes {
  const answers = new Map<string, Answer | null>();
  // each shape seen gets a short number, so the answers' keys stay small
  const shapes = new Map<string, number>();

  // an array seen before keeps its shape's number (the render's routes are the same array on every request, below)
  const known = new WeakMap<Routes, number>();

  return (routes, location, basename = "/") => {
    const path = typeof location === "string" ? location : (location.pathname ?? "/");
    let shapeId = known.get(routes);
    if (shapeId === undefined) {
      const shape = shapeOf(routes);
      shapeId = shapes.get(shape);
      if (shapeId === undefined) shapes.set(shape, (shapeId = shapes.size));
      known.set(routes, shapeId);
    }
    const key = `${shapeId}\u0000${basename}\u0000${path}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      const matches = original(routes, location, basename);
      // where each matched route sits in this tree, found by walking it once
      const where = new Map<AgnosticRouteObject, number[]>();
      const walk = (list: Routes, at: number[]) =>
        list.forEach((route, i) => {
          where.set(route, [...at, i]);
          if (route.children) walk(route.children, [...at, i]);
        });
      if (matches) walk(routes, []);
      answer = matches && {
        found: matches.map((m) => ({ at: where.get(m.route)!, pathname: m.pathname, pathnameBase: m.pathnameBase })),
        params: { ...(matches.at(-1)?.params ?? {}) },
      };
      if (answers.size >= KEEP) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    }
    if (!answer) return null;
    // like React Router, every match of one answer shares one params object
    const params = { ...answer.params };
    return answer.found.map(({ at, pathname, pathnameBase }) => {
      let list: Routes = routes;
      let route!: AgnosticRouteObject;
      for (const i of at) {
        route = list[i];
        list = route.children ?? [];
      }
      return { params, pathname, pathnameBase, route };
    });
  };
}

// The render's routes. For each document Remix builds a route object for every route of the app from its manifest
// (`createServerRoutes`), and React Router's static router converts them all again (`convertRoutesToDataRoutes`), only
// to read them: about 0.3 ms of a page's CPU. The build, and so the manifest and the route modules, never change while
// the server runs, so both are built once and given again. Neither is changed by the render (React elements, which
// the conversion makes of the route components, are immutable).

type CreateServerRoutes = (
  manifest: object,
  routeModules: Record<string, unknown>,
  future: object,
  isSpaMode: boolean,
  ...rest: unknown[]
) => Routes;
type ConvertRoutes = typeof UNSAFE_convertRoutesToDataRoutes;
type RouteManifest = NonNullable<Parameters<ConvertRoutes>[3]>;

/** `createServerRoutes` answering with the same routes for the same manifest, modules, flags (tests/unit/route-matching.test.ts). */
export function memoizedServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const built = new WeakMap<
    object,
    { routeModules: Record<string, unknown>; future: object; isSpaMode: boolean; routes: Routes }
  >();
  const sameModules = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((id) => a[id] === b[id]);
  };
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    // the nested calls it makes for each route's children go to the original
    if (rest.length) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const kept = built.get(manifest);
    if (kept && kept.future === future && kept.isSpaMode === isSpaMode && sameModules(kept.routeModules, routeModules))
      return kept.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    built.set(manifest, { routeModules: { ...routeModules }, future, isSpaMode, routes });
    return routes;
  };
}

/** `convertRoutesToDataRoutes` converting a routes array once; the caller's manifest is filled as the original fills it. */
export function memoizedDataRoutes(original: ConvertRoutes): ConvertRoutes {
  const converted = new WeakMap<
    Routes,
    { mapRouteProperties: unknown; dataRoutes: AgnosticDataRouteObject[]; manifest: RouteManifest }
  >();
  return (routes, mapRouteProperties, parentPath, manifest = {}) => {
    if (parentPath?.length) return original(routes, mapRouteProperties, parentPath, manifest);
    let kept = converted.get(routes);
    if (!kept || kept.mapRouteProperties !== mapRouteProperties) {
      const own: RouteManifest = {};
      kept = { mapRouteProperties, dataRoutes: original(routes, mapRouteProperties, parentPath, own), manifest: own };
      converted.set(routes, kept);
    }
    Object.assign(manifest, kept.manifest);
    return kept.dataRoutes;
  };
}

let installed = false;
/**
 * Puts the memos in place of the router package's exported `matchRoutes` and `UNSAFE_convertRoutesToDataRoutes` and of
 * Remix's `createServerRoutes` (the CommonJS modules Remix's server runtime, its lazy discovery, its RemixServer and
 * React Router's static router read them from at each call). server.mjs calls it once at start.
 */
export function memoizeRouteMatching() {
  if (installed) return;
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as {
    matchRoutes: MatchRoutes;
    UNSAFE_convertRoutesToDataRoutes: ConvertRoutes;
  };
  router.matchRoutes = memoizedMatchRoutes(router.matchRoutes);
  router.UNSAFE_convertRoutesToDataRoutes = memoizedDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
  // @remix-run/react declares no exports map: its RemixServer reads createServerRoutes from this file's exports
  const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
  remixRoutes.createServerRoutes = memoizedServerRoutes(remixRoutes.createServerRoutes);
  installed = true;
}
