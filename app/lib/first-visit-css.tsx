import { Links } from "@remix-run/react";
import { createContext, useContext, useEffect, useState } from "react";

// A first visit paints without waiting for a stylesheet (ADR 0067). On a browser that has not been here since this
// build, the server writes the page's stylesheets into the head (`<style data-first-visit-css>`) and asks for the files
// themselves only with `rel="prefetch"` at the end of the body, so they reach the cache without competing with the
// first paint or the scripts; the next page links them as usual (a cache hit). With JavaScript, Remix's own links are
// added after hydration, for the stylesheets of the routes a client-side navigation reaches.

/** The page's stylesheets written into the document: their text and the files it came from. */
export interface FirstVisitCss {
  text: string;
  hrefs: string[];
}

/** Set by the server entry for a first visit; null otherwise (the stylesheets are linked in the head). */
export const FirstVisitCssContext = createContext<FirstVisitCss | null>(null);

const SELECTOR = "style[data-first-visit-css]";

/** On the server, the context; in the browser, what the server wrote (so hydration renders the same document). */
function useFirstVisitCss(): FirstVisitCss | null {
  const fromServer = useContext(FirstVisitCssContext);
  const [fromDocument] = useState(() => {
    if (typeof document === "undefined") return null;
    const style = document.querySelector(SELECTOR);
    if (!style) return null;
    const hrefs = [...document.querySelectorAll<HTMLLinkElement>("link[data-first-visit-css]")].map((l) =>
      l.getAttribute("href"),
    );
    return { text: style.innerHTML, hrefs: hrefs.filter((h): h is string => Boolean(h)) };
  });
  return fromServer ?? fromDocument;
}

/** The stylesheets in the head: inline on a first visit, else Remix's links. */
export function HeadStyles() {
  const css = useFirstVisitCss();
  if (!css) return <Links />;
  return <style data-first-visit-css="" dangerouslySetInnerHTML={{ __html: css.text }} />;
}

/** At the end of the body on a first visit: the files to cache for the next page, and Remix's links once hydrated. */
export function BodyStyles() {
  const css = useFirstVisitCss();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!css) return null;
  return (
    <>
      {css.hrefs.map((href) => (
        <link key={href} rel="prefetch" as="style" href={href} data-first-visit-css="" />
      ))}
      {hydrated ? <Links /> : null}
    </>
  );
}
