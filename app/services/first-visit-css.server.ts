import { readFileSync } from "node:fs";
import path from "node:path";
import type { EntryContext } from "@remix-run/node";
import type { FirstVisitCss } from "~/lib/first-visit-css";

// Which documents carry their stylesheets inline (ADR 0067): those sent to a browser without the `ls_css` cookie of
// this build. The cookie is set with the inline document; by the next page the browser has the files (prefetched at
// the end of the first document), so that page links them as usual.

const COOKIE = "ls_css";
const MAX_AGE = 30 * 24 * 60 * 60;
/** A built stylesheet: Vite's hashed name under /assets/ (never a path of the visitor's choosing). */
const ASSET = /^\/assets\/[\w.-]+\.css$/;
const texts = new Map<string, string | null>();

/** The text of a built stylesheet, read once; null when it is not one (in development the styles are not built). */
function assetText(href: string): string | null {
  if (!ASSET.test(href)) return null;
  let text = texts.get(href);
  if (text === undefined) {
    try {
      // the browser's files, where server.mjs serves them from
      text = readFileSync(path.resolve(process.env.BUILD_DIR || "build", "client", href.slice(1)), "utf8");
    } catch {
      text = null;
    }
    texts.set(href, text);
  }
  return text;
}

/** The stylesheets of the page's routes, in the order Remix links them. */
function stylesheetHrefs(context: EntryContext): string[] {
  const hrefs: string[] = [];
  for (const match of context.staticHandlerContext.matches) {
    const id = match.route.id;
    for (const href of context.manifest.routes[id]?.css ?? []) hrefs.push(href);
    for (const link of context.routeModules[id]?.links?.() ?? [])
      if ("rel" in link && link.rel === "stylesheet" && typeof link.href === "string") hrefs.push(link.href);
  }
  return [...new Set(hrefs)];
}

const hasCookie = (request: Request, value: string) =>
  (request.headers.get("cookie") ?? "").split(/;\s*/).includes(`${COOKIE}=${value}`);

/**
 * The page's stylesheets to write into the document, or null when the browser has this build's files already (or a
 * stylesheet is not a built file). Sets the cookie that makes the next page link them.
 */
export function firstVisitCss(request: Request, context: EntryContext, headers: Headers): FirstVisitCss | null {
  const version = context.manifest.version.replace(/[^\w-]/g, "");
  if (hasCookie(request, version)) return null;
  const hrefs = stylesheetHrefs(context);
  const parts = hrefs.map(assetText);
  if (!hrefs.length || parts.some((text) => text === null)) return null;
  headers.append("Set-Cookie", `${COOKIE}=${version}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax; HttpOnly`);
  // a stylesheet's text never closes the element it is written into
  return { text: parts.join("\n").replace(/<\/style/gi, "<\\/style"), hrefs };
}
