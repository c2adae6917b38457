import { Form as RemixForm, Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import {
  Form,
  Link,
  NavLink,
  ServerForm,
  ServerLink,
  ServerNavLink,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from "../../app/components/remix";

/** The markup with each element's attributes in name order, so only names and values count (hydration compares those). */
function normalised(html: string) {
  return html.replace(/<([a-z]+)((?:\s[\w-]+="[^"]*")*)(\s*\/?)>/g, (_all, tag: string, attrs: string, end: string) => {
    const sorted = [...attrs.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}="${value}"`).sort();
    return `<${tag}${sorted.map((a) => ` ${a}`).join("")}${end}>`;
  });
}
const at = (location: string, element: ReactElement) =>
  normalised(renderToStaticMarkup(<StaticRouter location={location}>{element}</StaticRouter>));

const LINKS: LinkProps[] = [
  { to: "/app/brands", children: "Brands" },
  {
    to: "/app/brands?drawer=edit&id=6b08c25c0b2dfb1a83462b5f",
    preventScrollReset: true,
    "aria-label": "Edit Arlo & Mae",
    className: "rt-reset rt-Button",
    children: "Edit",
  },
  {
    to: "/app/brands?sort=name&sortType=asc",
    preventScrollReset: true,
    className: "sort-link",
    "data-active": true,
    children: ["Name", <span key="a">↕</span>],
  } as LinkProps,
  { to: "/app/user/42#orders", replace: true, state: { from: "list" }, title: "Open", children: "Open" },
  { to: "/terms", reloadDocument: true, children: "Terms" },
  { to: "/app/shop/1/products", discover: "none", prefetch: "intent", onClick: () => {}, children: "Products" },
  { to: "/api/files/x.pdf", target: "_blank", rel: "noreferrer", download: true, children: "Invoice" },
  { to: "/app/orders/", style: { color: "red" }, id: "orders", children: "Orders" },
  // everything else is Remix's own component: relative paths, objects, other sites, what the router normalises
  { to: "?panel=theme", children: "Theme" },
  { to: "../brands", children: "Up" },
  { to: { pathname: "/app/brands", search: "?page=2" }, children: "Next" },
  { to: "https://example.com/help", children: "Help" },
  { to: "//example.com/x", children: "Other site" },
  { to: "/app/brands?", children: "Bare query" },
  { to: "/app/brands#", children: "Bare hash" },
  { to: "/app/brands?#top", children: "Bare query and hash" },
];

describe("the server's <Link> writes Remix's markup", () => {
  for (const props of LINKS) {
    it(`to ${JSON.stringify(props.to)}${props.reloadDocument ? ", reloading the document" : ""}${props.discover ? `, discover ${props.discover}` : ""}`, () => {
      const remix = at("/app/brands?page=1", <RemixLink {...props} />);
      expect(at("/app/brands?page=1", <ServerLink {...props} />)).toBe(remix);
      expect(remix).toContain("<a");
    });
  }
  it("is what the server renders (no document here)", () => {
    expect(Link).toBe(ServerLink);
    expect(NavLink).toBe(ServerNavLink);
    expect(Form).toBe(ServerForm);
  });
});

const NAV_LINKS: Array<[string, NavLinkProps]> = [
  ["/app/brands", { to: "/app/brands", title: "Brands", children: "Brands" }],
  ["/app/brands/new", { to: "/app/brands", children: "Brands (below it)" }],
  ["/app/brands/new", { to: "/app/brands", end: true, children: "Brands (end)" }],
  ["/app/brandsx", { to: "/app/brands", children: "Brands (a longer name is not below it)" }],
  ["/APP/Brands", { to: "/app/brands", children: "Brands (case)" }],
  ["/APP/Brands", { to: "/app/brands", caseSensitive: true, children: "Brands (case-sensitive)" }],
  ["/app/shop/1/", { to: "/app/shop/1/", children: "Trailing slash" }],
  ["/app/shop/1/products", { to: "/app/shop/1/", children: "Trailing slash, below" }],
  ["/", { to: "/", children: "Home" }],
  ["/app/users", { to: "/", end: true, children: "Home (end)" }],
  ["/app/users", { to: "/app/users", className: "menu-item", "aria-current": "location", children: "Users" }],
  [
    "/app/users",
    {
      to: "/app/users",
      className: ({ isActive }) => (isActive ? "on" : "off"),
      style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
      children: ({ isActive }) => (isActive ? "Users (here)" : "Users"),
    },
  ],
  ["/app/coupons", { to: "/app/users?page=2", prefetch: "intent", children: "Users page 2" }],
  ["/app/coupons", { to: "../users", children: "Relative" }],
];

describe("the server's <NavLink> writes Remix's markup, active where React Router says so", () => {
  for (const [location, props] of NAV_LINKS) {
    it(`${String(props.children instanceof Function ? "render props" : props.children)} at ${location}`, () => {
      const remix = at(location, <RemixNavLink {...props} />);
      expect(at(location, <ServerNavLink {...props} />)).toBe(remix);
    });
  }
  it("marks the current page", () => {
    expect(at("/app/brands", <ServerNavLink to="/app/brands">Brands</ServerNavLink>)).toContain('aria-current="page"');
    expect(at("/app/users", <ServerNavLink to="/app/brands">Brands</ServerNavLink>)).not.toContain("aria-current");
  });
});

// a form needs a data router (it submits through it): each is rendered as the only element of the route at `path`
async function inDataRouter(path: string, element: ReactElement, index = false) {
  const routes = [
    { path: "/", children: [index ? { index: true, element } : { path: path.split("?")[0].slice(1), element }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return normalised(renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />));
}

const FORMS: FormProps[] = [
  { method: "get", action: "/app/brands", role: "search", "aria-label": "Search menu", className: "menu-search" },
  { method: "post", action: "/logout" },
  {
    method: "post",
    action: "/app/brands?drawer=edit&id=1",
    encType: "multipart/form-data",
    id: "edit-brand",
    preventScrollReset: true,
    replace: true,
  },
  {
    method: "put" as FormProps["method"],
    action: "/app/shop/1/commission",
    navigate: false,
    fetcherKey: "k",
    onSubmit: () => {},
  },
  { action: "/preferences", reloadDocument: true, method: "post" },
  { action: "/app/x", discover: "none" },
  // Remix's own: no action (its own route, `?index` on an index route), relative, other sites
  { method: "post" },
  { method: "post", action: "." },
  { method: "get", action: "../brands" },
  { method: "post", action: "https://accounts.google.com/o/oauth2" },
];

describe("the server's <Form> writes Remix's markup", () => {
  for (const props of FORMS) {
    it(`${props.method ?? "get"} to ${JSON.stringify(props.action)}`, async () => {
      const remix = await inDataRouter(
        "/app/brands?page=2",
        <RemixForm {...props}>
          <input name="q" />
        </RemixForm>,
      );
      expect(
        await inDataRouter(
          "/app/brands?page=2",
          <ServerForm {...props}>
            <input name="q" />
          </ServerForm>,
        ),
      ).toBe(remix);
      expect(remix).toContain("<form");
    });
  }
  it("posts to its own index route with ?index, as Remix's does", async () => {
    const remix = await inDataRouter("/?page=2", <RemixForm method="post" />, true);
    expect(await inDataRouter("/?page=2", <ServerForm method="post" />, true)).toBe(remix);
    expect(remix).toContain("index");
  });
});
