/**
 * The spec's words, quoted exactly; our own where the spec is silent (marked). The texts a page shows by itself in the
 * browser live in messages-ui.ts (pages import only those, so they do not ship every message: ADR 0021); MSG holds all.
 */
export * as MSG from "./all-messages";
