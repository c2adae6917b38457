import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { ACCENT_COLORS, DEFAULT_PREFS, LOCALES, type Prefs } from "~/lib/prefs";
import { onePerPage } from "./page-scope.server";

const prefsCookie = createCookie("ls_prefs", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  httpOnly: true,
});

/** The theme panel's settings (spec 1 §2 Menus), strict: what the panel's form must send. */
export const prefsFields = z.object({
  nav: z.enum(["side", "top"]),
  sideNav: z.enum(["light", "dark"]),
  collapsed: z.boolean(),
  dark: z.boolean(),
  color: z.enum(ACCENT_COLORS),
  locale: z.enum(LOCALES),
  dir: z.enum(["ltr", "rtl"]),
});

/** The same settings read leniently from the cookie: anything unknown falls back to the default (light, ltr, en). */
export const prefsSchema = z.object({
  nav: prefsFields.shape.nav.catch("side"),
  sideNav: prefsFields.shape.sideNav.catch("light"),
  collapsed: prefsFields.shape.collapsed.catch(false),
  dark: prefsFields.shape.dark.catch(false),
  color: prefsFields.shape.color.catch("indigo"),
  locale: prefsFields.shape.locale.catch("en"),
  dir: prefsFields.shape.dir.catch("ltr"),
});

/** A form's fields as the settings: checkboxes are sent only when ticked. */
export function prefsFromForm(form: FormData) {
  return prefsFields.safeParse({
    nav: form.get("nav"),
    sideNav: form.get("sideNav"),
    collapsed: form.get("collapsed") === "on",
    dark: form.get("dark") === "on",
    color: form.get("color"),
    locale: form.get("locale"),
    dir: form.get("dir"),
  });
}

// read once per page request: the root's and the console layout's loaders both need them
const PREFS = Symbol("preferences");

export function readPrefs(request: Request): Promise<Prefs> {
  return onePerPage(request, PREFS, () =>
    prefsCookie.parse(request.headers.get("cookie")).then((raw) => {
      const parsed = prefsSchema.safeParse(raw ?? {});
      return parsed.success ? parsed.data : DEFAULT_PREFS;
    }),
  );
}

export const prefsHeader = (prefs: Prefs) => prefsCookie.serialize(prefs);
