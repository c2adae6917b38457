import { AsyncLocalStorage } from "node:async_hooks";

// What the loaders of one page request share. Remix hands each loader its own copy of the request (it strips its
// `index` and `_routes` parameters into a new Request), so a memo keyed by the Request object is never shared: the
// root's, the console layout's and the page's loaders each read the cookie, asked the API who is signed in and looked
// the session up again (docs/architecture.md, budgets: a list page costs at most twice its API call). server.mjs runs
// each GET and HEAD request inside a scope, so everything they call sees the same store. A request outside a scope
// (the development server, a form post: an action may sign out or change the session before the loaders run) keeps
// one store per Request object, as before.
const scope = new AsyncLocalStorage<Map<symbol, unknown>>();
const perRequest = new WeakMap<Request, Map<symbol, unknown>>();

/** Runs one page request (a read: GET or HEAD) in its own scope; server.mjs calls it around the Remix handler. */
export const inPageScope = <T>(run: () => T): T => scope.run(new Map(), run);

/** `make()` once per page request (its scope, else the Request object), under `slot`. */
export function onePerPage<T>(request: Request, slot: symbol, make: () => T): T {
  let store = scope.getStore();
  if (!store) {
    store = perRequest.get(request);
    if (!store) perRequest.set(request, (store = new Map()));
  }
  if (!store.has(slot)) store.set(slot, make());
  return store.get(slot) as T;
}
