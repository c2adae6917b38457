export const ACCENT_COLORS = ["indigo", "blue", "teal", "green", "orange", "crimson", "purple"] as const;
export const LOCALES = ["en", "zh", "fr", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
/** Each locale in its own language, as the language select shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", zh: "中文", fr: "Français", ja: "日本語" };

/** The theme panel's settings (spec 1 §2 Menus); read and checked on the server (prefs.server.ts). */
export interface Prefs {
  nav: "side" | "top";
  sideNav: "light" | "dark";
  collapsed: boolean;
  dark: boolean;
  color: (typeof ACCENT_COLORS)[number];
  locale: Locale;
  dir: "ltr" | "rtl";
}
/** The settings' names, in the order the forms post them. */
export const PREF_KEYS = [
  "nav",
  "sideNav",
  "collapsed",
  "dark",
  "color",
  "locale",
  "dir",
] as const satisfies readonly (keyof Prefs)[];
// spec 1 §2: default theme light, direction ltr, locale en
export const DEFAULT_PREFS: Prefs = {
  nav: "side",
  sideNav: "light",
  collapsed: false,
  dark: false,
  color: "indigo",
  locale: "en",
  dir: "ltr",
};

/** Field the theme panel adds when it applies a change in place (with JavaScript): /preferences answers JSON, not a redirect. */
export const APPLY_IN_PLACE = "applyInPlace";

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
