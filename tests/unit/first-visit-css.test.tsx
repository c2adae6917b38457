import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { EntryContext } from "@remix-run/node";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BodyStyles, FirstVisitCssContext, HeadStyles } from "~/lib/first-visit-css";
import { firstVisitCss } from "~/services/first-visit-css.server";

// ADR 0067: a first visit carries its stylesheets inside the document; a browser with this build's cookie links them.

const previous = process.env.BUILD_DIR;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "first-visit-css-"));
  mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  writeFileSync(path.join(dir, "client", "assets", "root-a1.css"), ".a{color:red}");
  writeFileSync(path.join(dir, "client", "assets", "page-b2.css"), ".b{content:'</style><script>'}");
  process.env.BUILD_DIR = dir;
});
afterAll(() => {
  if (previous === undefined) delete process.env.BUILD_DIR;
  else process.env.BUILD_DIR = previous;
});

/** The parts of Remix's context the server reads: the matched routes, their links and the build's version. */
function context(links: Record<string, string[]>): EntryContext {
  const ids = Object.keys(links);
  return {
    manifest: { version: "v1abc", routes: Object.fromEntries(ids.map((id) => [id, { css: [] }])) },
    routeModules: Object.fromEntries(
      ids.map((id) => [id, { links: () => links[id].map((href) => ({ rel: "stylesheet", href })) }]),
    ),
    staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}
const request = (cookie?: string) => new Request("http://x/app", { headers: cookie ? { cookie } : {} });
const page = context({ root: ["/assets/root-a1.css"], "routes/page": ["/assets/page-b2.css", "/assets/root-a1.css"] });

describe("first-visit stylesheets", () => {
  it("writes every stylesheet of the page's routes into the document once, in order, and sets the build's cookie", () => {
    const headers = new Headers();
    const css = firstVisitCss(request(), page, headers);
    expect(css?.hrefs).toEqual(["/assets/root-a1.css", "/assets/page-b2.css"]);
    expect(css?.text).toContain(".a{color:red}");
    // a stylesheet's text cannot close the style element it is written into
    expect(css?.text).not.toContain("</style>");
    expect(headers.get("Set-Cookie")).toMatch(/^ls_css=v1abc; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/);
  });

  it("links them as usual for a browser with this build's cookie, and again after a new build", () => {
    const headers = new Headers();
    expect(firstVisitCss(request("a=b; ls_css=v1abc"), page, headers)).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
    expect(firstVisitCss(request("ls_css=v0old"), page, new Headers())).not.toBeNull();
  });

  it("links them when one is not a built file (nothing outside the build is ever read)", () => {
    const outside = context({ root: ["/assets/root-a1.css", "/assets/../../etc/passwd.css"] });
    expect(firstVisitCss(request(), outside, new Headers())).toBeNull();
    expect(firstVisitCss(request(), context({ root: ["/assets/missing.css"] }), new Headers())).toBeNull();
  });

  it("renders the text in the head and only prefetch links in the body on the server", () => {
    const css = { text: ".a{color:red}", hrefs: ["/assets/root-a1.css"] };
    const html = renderToString(
      <FirstVisitCssContext.Provider value={css}>
        <HeadStyles />
        <BodyStyles />
      </FirstVisitCssContext.Provider>,
    );
    expect(html).toBe(
      '<style data-first-visit-css="">.a{color:red}</style>' +
        '<link rel="prefetch" as="style" href="/assets/root-a1.css" data-first-visit-css=""/>',
    );
  });
});
