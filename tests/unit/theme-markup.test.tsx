import { Callout, Theme } from "@radix-ui/themes";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlainCallout } from "../../app/components/layout/PlainCallout";
import { themeAttributes } from "../../app/components/layout/theme";
import { ACCENT_COLORS } from "../../app/lib/prefs";

/** An element's attributes, whatever their order (class names as a sorted list). */
function attributesOf(html: string) {
  const tag = /^<[a-z]+\s([^>]*)>/.exec(html)?.[1] ?? "";
  const out: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w-]+)="([^"]*)"/g))
    out[name!] = name === "class" ? value!.split(/\s+/).sort().join(" ") : value!;
  return out;
}
const ours = (props: ReturnType<typeof themeAttributes>, className = "") => {
  const { className: themeClass, ...rest } = props;
  return renderToStaticMarkup(<div {...rest} className={`${themeClass}${className ? ` ${className}` : ""}`} />);
};

// the page's theme and the side navigation's, the toast and the forms' error callout (app/root.tsx, Shell.tsx) carry Radix Themes' own markup, so its
// stylesheet applies exactly as with the component
describe("the theme's markup is Radix Themes' <Theme>'s", () => {
  for (const color of ACCENT_COLORS) {
    for (const appearance of ["light", "dark"] as const) {
      it(`the page, ${color}, ${appearance}`, () => {
        const radix = renderToStaticMarkup(
          <Theme appearance={appearance} accentColor={color} radius="medium" scaling="100%" />,
        );
        expect(attributesOf(ours(themeAttributes({ root: true, appearance, color })))).toEqual(attributesOf(radix));
      });
      for (const side of ["dark", "inherit"] as const) {
        it(`the side navigation (${side}) inside the page's theme, ${color}, ${appearance}`, () => {
          const radix = renderToStaticMarkup(
            <Theme appearance={appearance} accentColor={color} radius="medium" scaling="100%">
              <Theme asChild appearance={side} hasBackground={false}>
                <aside className="shell-side" />
              </Theme>
            </Theme>,
          );
          const inner = /<aside[^>]*>/.exec(radix)![0];
          expect(
            attributesOf(
              ours(themeAttributes({ root: false, appearance: side, color }), "shell-side").replace("<div", "<aside"),
            ),
          ).toEqual(attributesOf(inner));
        });
      }
    }
  }
});

describe("the toast's and the forms' callout is Radix Themes' <Callout> (size 1)", () => {
  for (const color of ["red", "green"] as const) {
    for (const variant of ["soft", "surface"] as const) {
      it(`${color}, ${variant}`, () => {
        const radix = renderToStaticMarkup(
          <Callout.Root color={color} variant={variant} size="1" role="alert" id="x">
            <Callout.Text>Saved</Callout.Text>
          </Callout.Root>,
        );
        const plain = renderToStaticMarkup(
          <PlainCallout color={color} variant={variant} role="alert" id="x">
            Saved
          </PlainCallout>,
        );
        expect(attributesOf(plain)).toEqual(attributesOf(radix));
        expect(attributesOf(/<p[^>]*>/.exec(plain)![0] + "</p>")).toEqual(
          attributesOf(/<p[^>]*>/.exec(radix)![0] + "</p>"),
        );
        expect(plain.replace(/<[^>]+>/g, "")).toBe("Saved");
      });
    }
  }
});
