import type { Prefs } from "~/lib/prefs";

/** The gray Radix Themes pairs with each accent the theme panel offers (its `grayColor="auto"`). */
const GRAY: Record<Prefs["color"], string> = {
  indigo: "slate",
  blue: "slate",
  teal: "sage",
  green: "sage",
  orange: "sand",
  crimson: "mauve",
  purple: "mauve",
};

/**
 * The attributes Radix Themes' `<Theme>` puts on its element (radius medium, scaling 100%, translucent panels), for the
 * page's theme (`root`) and the side navigation's own. The component would also mount Radix's tooltip and direction
 * providers and the context of its menus and selects, none of which this app uses: their code would be in every
 * page's first load (ADR 0010). tests/unit/theme-markup.test.ts checks the markup against the component's.
 */
export function themeAttributes({
  root,
  appearance,
  color,
}: {
  root: boolean;
  appearance: "light" | "dark" | "inherit";
  color: Prefs["color"];
}) {
  return {
    "data-is-root-theme": root ? "true" : "false",
    "data-accent-color": color,
    "data-gray-color": GRAY[color],
    "data-has-background": root ? "true" : "false",
    "data-panel-background": "translucent",
    "data-radius": "medium",
    "data-scaling": "100%",
    className: appearance === "inherit" ? "radix-themes" : `radix-themes ${appearance}`,
  };
}
