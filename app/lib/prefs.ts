import { z } from "#contract/zod";

export const ACCENT_COLORS = ["indigo", "blue", "teal", "green", "orange", "crimson", "purple"] as const;
export const LOCALES = ["en", "zh", "fr", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
/** Each locale in its own language, as the language select shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", zh: "中文", fr: "Français", ja: "日本語" };

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
export type Prefs = z.infer<typeof prefsSchema>;
export const DEFAULT_PREFS: Prefs = prefsSchema.parse({});

/** Field the theme panel adds when it applies a change in place (with JavaScript): /preferences answers JSON, not a redirect. */
export const APPLY_IN_PLACE = "applyInPlace";

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

/** The settings as the "Copy settings" JSON, in THEME_CONFIG's words (spec 1 §8 theme copy; ADR 0008). */
export function themeConfig(prefs: Prefs) {
  const config = {
    navType: prefs.nav === "top" ? "TOP" : "SIDE",
    sideNavTheme: prefs.sideNav === "dark" ? "SIDE_NAV_DARK" : "SIDE_NAV_LIGHT",
    navCollapsed: prefs.collapsed,
    currentTheme: prefs.dark ? "dark" : "light",
    primaryColor: prefs.color,
    locale: prefs.locale,
    direction: prefs.dir,
  };
  return JSON.stringify(config, null, 2);
}
