import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from "@remix-run/react";
import { createElement, forwardRef } from "react";

/*
 * The console's links and forms: Remix's <Link>, <NavLink> and <Form> in the browser, and the same markup rendered
 * directly on the server.
 *
 * On the server a link is only its <a>: no click handler, no prefetching, no navigation under way. Remix and React
 * Router still resolve every link's path through the route tree there (useHref, useResolvedPath, the prefetch hooks),
 * about 20 links on every console page, a measurable part of rendering a list page (`npm run bench:ssr`, ADR 0042).
 * For a path that needs no resolving (it starts with one "/") the server writes the <a> or <form> Remix would write:
 * the same attributes with the same values, so the browser's Remix component hydrates it unchanged. Any other `to` or
 * `action` (relative, an object, another site, none) goes to Remix's own component. tests/unit/remix-components.test.tsx compares
 * the two renderings.
 */

/** Props that steer a navigation and never reach the DOM. */
const ROUTING_PROPS = [
  "relative",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "prefetch",
  "discover",
  "unstable_viewTransition",
];
const LINK_OWN = new Set([...ROUTING_PROPS, "to", "target", "children"]);
const NAV_LINK_OWN = new Set([...LINK_OWN, "caseSensitive", "end", "className", "style", "aria-current"]);
const FORM_OWN = new Set([...ROUTING_PROPS, "fetcherKey", "navigate", "method", "action", "children"]);

/** A plain path, as it is: absolute, on this site, with nothing for the router to normalise (a bare "?" or "#"). */
function plainPath(to: LinkProps["to"] | undefined): to is string {
  return (
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    !to.endsWith("?") &&
    !to.endsWith("#") &&
    !to.includes("?#")
  );
}

/** The props that reach the <a>: all but the component's own and the event handlers (they do nothing in markup). */
function anchorProps(props: object, own: Set<string>) {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if (own.has(name) || (typeof value === "function" && name.startsWith("on"))) continue;
    out[name] = value;
  }
  return out;
}

/** What Remix renders for its links that are not reloads and not to another site: marked for route discovery. */
function discoverAttr(props: { discover?: string; reloadDocument?: boolean }) {
  return (props.discover ?? "render") === "render" && !props.reloadDocument ? "true" : undefined;
}

/** The server's <Link>: Remix's markup for a plain path, Remix's component for anything else. Exported for the test. */
export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { to, target, children } = props;
  if (!plainPath(to)) return createElement(RemixLink, { ...props, ref });
  return createElement(
    "a",
    { ...anchorProps(props, LINK_OWN), "data-discover": discoverAttr(props), href: to, target, ref },
    children,
  );
});

/**
 * The server's <NavLink>: React Router's rule for "active" (the current path is the link's path or below it; `end`
 * only the path itself; not case-sensitive unless asked), with its defaults (`active` class, aria-current="page").
 */
export const ServerNavLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, NavLinkProps>(
  function ServerNavLink(props, ref) {
    const location = useLocation();
    const {
      to,
      caseSensitive = false,
      end = false,
      className = "",
      style,
      children,
      "aria-current": ariaCurrent = "page",
    } = props;
    if (!plainPath(to)) return createElement(RemixNavLink, { ...props, ref });
    const cut = to.search(/[?#]/);
    const path = cut < 0 ? to : to.slice(0, cut);
    const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
    const target = caseSensitive ? path : path.toLowerCase();
    const slotAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
    const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slotAt) === "/");
    // nothing is pending or in a view transition while the server renders
    const state = { isActive, isPending: false, isTransitioning: false };
    return createElement(
      "a",
      {
        ...anchorProps(props, NAV_LINK_OWN),
        "aria-current": isActive ? ariaCurrent : undefined,
        className:
          typeof className === "function"
            ? className(state)
            : [className, isActive ? "active" : null].filter(Boolean).join(" "),
        style: typeof style === "function" ? style(state) : style,
        "data-discover": discoverAttr(props),
        href: to,
        target: props.target,
        ref,
      },
      typeof children === "function" ? children(state) : children,
    );
  },
);

/**
 * The server's <Form>: for an action that is a plain path, the <form> Remix writes (method "get" or "post", the action
 * as given, marked for route discovery); a form without an action (it posts to its own route, with `?index` on an
 * index route) or with any other action is Remix's own component.
 */
export const ServerForm = /* @__PURE__ */ forwardRef<HTMLFormElement, FormProps>(function ServerForm(props, ref) {
  const { action, method = "get", children } = props;
  if (!plainPath(action)) return createElement(RemixForm, { ...props, ref });
  return createElement(
    "form",
    {
      method: method.toLowerCase() === "get" ? "get" : "post",
      action,
      ...anchorProps(props, FORM_OWN),
      "data-discover": discoverAttr(props),
      ref,
    },
    children,
  );
});

// Vite writes the build's side here, so the browser's bundle carries none of the server's versions
const onServer = import.meta.env.SSR;

/** Remix's <Link> (see above: rendered directly on the server). */
export const Link = onServer ? ServerLink : RemixLink;
/** Remix's <NavLink> (see above: rendered directly on the server). */
export const NavLink = onServer ? ServerNavLink : RemixNavLink;
/** Remix's <Form> (see above: rendered directly on the server). */
export const Form = onServer ? ServerForm : RemixForm;
export type { FormProps, LinkProps, NavLinkProps };
