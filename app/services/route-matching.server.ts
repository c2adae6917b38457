import { createRequire } from "node:module";
import type { AgnosticRouteMatch, AgnosticRouteObject, Location } from "@remix-run/router";

// A document request asks React Router which routes match its path four times: Remix's handler, the static handler's
// query, the lazy route discovery's manifest and the rendering. Each time React Router flattens every route of the
// app, ranks the branches and compiles each pattern into a regular expression until one matches: about 2 ms of a
// page's CPU (docs/architecture.md, budgets: a list page costs at most twice its API call; `npm run bench:ssr`).
// Three of the four go through the router package's exported `matchRoutes`, two of them with route objects made
// afresh for the request, so a memo keyed by the routes array would never hit. This one is keyed by the routes'
// shape (ids, paths, index and case flags, children, in order) and the path, and keeps where in the tree each match
// is, so it answers with the route objects of the array it is given. ADR 0041.

type Routes = AgnosticRouteObject[];
type MatchRoutes = (routes: Routes, location: Partial<Location> | string, basename?: string) => AgnosticRouteMatch[] | null;

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

  return (routes, location, basename = "/") => {
    const path = typeof location === "string" ? location : (location.pathname ?? "/");
    const shape = shapeOf(routes);
    let shapeId = shapes.get(shape);
    if (shapeId === undefined) shapes.set(shape, (shapeId = shapes.size));
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

let installed = false;
/**
 * Puts the memo in place of the router package's exported `matchRoutes` (the CommonJS module Remix's server runtime,
 * its lazy discovery and React Router all read it from at each call). server.mjs calls it once at start.
 */
export function memoizeRouteMatching() {
  if (installed) return;
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  router.matchRoutes = memoizedMatchRoutes(router.matchRoutes);
  installed = true;
}
