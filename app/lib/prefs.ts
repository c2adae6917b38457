import { z } from "zod";

export const ACCENT_COLORS = ["indigo", "blue", "teal", "green", "orange", "crimson", "purple"] as const;
export const LOCALES = ["en", "zh", "fr", "ja"] as const;
export type Locale = (typeof LOCALES)[number];

/** The theme panel's settings (spec 1 §2 Menus), kept in a cookie and rendered by the server. */
export const prefsSchema = z.object({
  nav: z.enum(["side", "top"]).catch("side"),
  sideNav: z.enum(["light", "dark"]).catch("light"),
  collapsed: z.boolean().catch(false),
  dark: z.boolean().catch(false),
  color: z.enum(ACCENT_COLORS).catch("indigo"),
  locale: z.enum(LOCALES).catch("en"),
  dir: z.enum(["ltr", "rtl"]).catch("ltr"),
});
export type Prefs = z.infer<typeof prefsSchema>;
export const DEFAULT_PREFS: Prefs = prefsSchema.parse({});
