import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  breakpointKeys,
  breakpointsOnly,
  buildRadixCss,
  canMatch,
  colorsOnly,
  minify,
  usesOnly,
} from "../../scripts/radix-css.mjs";

const committed = () => readFileSync("app/styles/radix.css", "utf8");
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

describe("app/styles/radix.css (ARCHITECTURE §8–§9)", () => {
  it("is exactly what scripts/radix-css.mjs builds from app/ now (a newly used component means: rerun the script)", async () => {
    expect(committed() === (await buildRadixCss())).toBe(true);
    // building reads every file under app/ and the whole Radix stylesheet: on a busy 2-core machine that takes a while
  }, 180_000);

  it("stays under the 40 KB gzip CSS budget together with app.css", () => {
    const budget = 40 * 1024;
    expect(gzip(committed()) + gzip(readFileSync("app/styles/app.css", "utf8"))).toBeLessThan(budget);
  });

  it("is far smaller than the full Radix stylesheet", () => {
    const full = readFileSync("node_modules/@radix-ui/themes/styles.css", "utf8");
    expect(gzip(committed())).toBeLessThan(gzip(full) / 2);
  });
});

describe("the pruning rules", () => {
  const used = usesOnly(new Set(["rt-BaseTabListTrigger", "rt-BaseTabListTriggerInner", "rt-Button"]));

  it("keeps a selector whose component classes are all rendered, and drops one needing an unused component", () => {
    expect(canMatch(".rt-Button:where(.rt-variant-solid)", used)).toBe(true);
    expect(canMatch(".rt-TabNavLink .rt-BaseTabListTriggerInner", used)).toBe(false);
  });

  it("needs only one alternative of a :where list, and nothing inside :not()", () => {
    expect(
      canMatch(
        ":where(.rt-BaseTabListTrigger[data-state='inactive'], .rt-TabNavLink:not([data-active])) .rt-BaseTabListTriggerInner",
        used,
      ),
    ).toBe(true);
    expect(canMatch(".rt-Button:not(.rt-DialogContent *)", used)).toBe(true);
  });

  it("drops colour mappings whose colour file is not included", () => {
    const colors = colorsOnly(new Set(["gray", "indigo"]));
    expect(canMatch("[data-accent-color='indigo']", colors)).toBe(true);
    expect(canMatch("[data-accent-color='lime']", colors)).toBe(false);
    expect(
      canMatch("[data-accent-color]:where(:not([data-accent-color=''], [data-accent-color='lime']))", colors),
    ).toBe(true);
  });

  it("keeps responsive classes only for breakpoints some code names in a responsive value", () => {
    const breakpoints = breakpointKeys(['<Grid columns={{ initial: "1", md: "2" }} />', "const pad = { sm: size };"]);
    expect([...breakpoints].sort()).toEqual(["md", "sm"]);
    const responsive = breakpointsOnly(breakpoints);
    expect(canMatch(".rt-Button:where(.md\\:rt-r-size-2)", responsive)).toBe(true);
    expect(canMatch(".rt-Button:where(.lg\\:rt-r-size-2)", responsive)).toBe(false);
    expect(canMatch(".rt-Button:where(.rt-r-size-2)", responsive)).toBe(true);
  });

  it("minifies without touching strings or the spaces calc() and descendant selectors need", () => {
    expect(minify(".a  :where(.b) {\n  width: calc(1px + 2px);\n  content: 'x ;  }';\n}\n")).toBe(
      ".a :where(.b){width: calc(1px + 2px);content: 'x ;  }'}",
    );
  });
});
