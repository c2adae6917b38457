import type { Text as RadixText } from "@radix-ui/themes";
import {
  createElement,
  useRef,
  type ComponentProps,
  type ComponentPropsWithoutRef,
  type PointerEvent,
  type ReactNode,
} from "react";

/*
 * Radix Themes' components for what a list's rows and the console's frame (the shell, the list's search and filters, the
 * shop page's heading) use of them: the same element, classes and attributes
 * (so the same styles, from Radix's own stylesheet), rendered without Radix's prop machinery. Radix's components check
 * every prop against their definitions on each render; in a list's cells, ten rows of several each, that was the
 * largest part of rendering a list page after React itself (`npm run bench:ssr`, ADR 0042). Only the props below are
 * offered (a prop Radix would turn into a class is a type error here), and tests/unit/plain.test.tsx compares each
 * combination with Radix's rendering. Anywhere else, use Radix's components.
 */

/** Radix's colour names (an accent colour or gray). */
type Color = NonNullable<ComponentProps<typeof RadixText>["color"]>;
type Size = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

const cls = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ");

type Space = "0" | Size;
/** Radix's top and bottom margins: classes after the component's own. */
type Margins = { mt?: Space; mb?: Space };
const margins = ({ mt, mb }: Margins) => cls(mt && `rt-r-mt-${mt}`, mb && `rt-r-mb-${mb}`);

type TextProps = Omit<ComponentPropsWithoutRef<"span">, "color"> &
  Margins & {
    as?: "span" | "p" | "div" | "label";
    htmlFor?: string;
    size?: Size;
    weight?: "light" | "regular" | "medium" | "bold";
    color?: Color;
    children?: ReactNode;
  };

/** Radix's <Text> with `as`, `size`, `weight`, `color` and the top and bottom margins. */
export function Text({ as = "span", size, weight, color, mt, mb, className, ...rest }: TextProps) {
  return createElement(as, {
    "data-accent-color": color,
    ...rest,
    className: cls(
      "rt-Text",
      size && `rt-r-size-${size}`,
      weight && `rt-r-weight-${weight}`,
      margins({ mt, mb }),
      className,
    ),
  });
}

type FlexProps = ComponentPropsWithoutRef<"div"> &
  Margins & {
    direction?: "row" | "column" | "row-reverse" | "column-reverse";
    align?: "start" | "center" | "end" | "baseline" | "stretch";
    justify?: "start" | "center" | "end" | "between";
    wrap?: "nowrap" | "wrap" | "wrap-reverse";
    gap?: Space;
    /** top and bottom padding */
    py?: Space;
  };

/** Radix's <Flex> (a div) with `direction`, `align`, `justify`, `wrap`, `gap`, `py` and the top and bottom margins. */
export function Flex({ direction, align, justify, wrap, gap, py, mt, mb, className, ...rest }: FlexProps) {
  return createElement("div", {
    ...rest,
    className: cls(
      "rt-Flex",
      direction && `rt-r-fd-${direction}`,
      align && `rt-r-ai-${align}`,
      justify && `rt-r-jc-${justify === "between" ? "space-between" : justify}`,
      wrap && `rt-r-fw-${wrap}`,
      gap && `rt-r-gap-${gap}`,
      py && `rt-r-py-${py}`,
      margins({ mt, mb }),
      className,
    ),
  });
}

type BadgeProps = Omit<ComponentPropsWithoutRef<"span">, "color"> & {
  size?: "1" | "2" | "3";
  variant?: "solid" | "soft" | "surface" | "outline";
  color?: Color;
};

/** Radix's <Badge> with `size`, `variant` and `color`. */
export function Badge({ size = "1", variant = "soft", color, className, ...rest }: BadgeProps) {
  return createElement("span", {
    // a badge always names its colour, empty for the theme's accent
    "data-accent-color": color ?? "",
    ...rest,
    className: cls("rt-reset rt-Badge", `rt-r-size-${size}`, `rt-variant-${variant}`, className),
  });
}

/** Radix's <Box> (a div). */
export function Box({ className, ...rest }: ComponentPropsWithoutRef<"div">) {
  return createElement("div", { ...rest, className: cls("rt-Box", className) });
}

type HeadingProps = Omit<ComponentPropsWithoutRef<"h1">, "color"> & { as?: "h1" | "h2" | "h3" | "h4"; size?: Size };

/** Radix's <Heading> with `as` and `size`. */
export function Heading({ as = "h1", size = "6", className, ...rest }: HeadingProps) {
  return createElement(as, { ...rest, className: cls("rt-Heading", `rt-r-size-${size}`, className) });
}

type ButtonOptions = {
  size?: "1" | "2" | "3" | "4";
  variant?: "solid" | "soft" | "surface" | "outline" | "ghost";
  color?: Color;
  className?: string;
};

/**
 * What Radix's <Button> puts on its element (a <button>, or the link it wraps with `asChild`), for a button in a row or
 * in a list's frame: `<Link to=… {...buttonProps({ variant: "soft" })}>`. No `loading` state: use Radix's for that.
 */
export function buttonProps({ size = "2", variant = "solid", color, className }: ButtonOptions = {}) {
  return {
    "data-accent-color": color ?? "",
    className: cls("rt-reset rt-BaseButton", `rt-r-size-${size}`, `rt-variant-${variant}`, "rt-Button", className),
  };
}

/** What Radix's <IconButton> puts on its element (a square button holding an icon): as buttonProps(). */
export function iconButtonProps({ size = "2", variant = "solid", color, className }: ButtonOptions = {}) {
  return {
    "data-accent-color": color ?? "",
    className: cls("rt-reset rt-BaseButton", `rt-r-size-${size}`, `rt-variant-${variant}`, "rt-IconButton", className),
  };
}

/** What Radix's <Link asChild> puts on the link it wraps: `<RemixLink to=… {...linkProps({ size: "1" })}>`. */
export function linkProps({ size, className }: { size?: Size; className?: string } = {}) {
  return {
    "data-accent-color": "",
    className: cls("rt-Text rt-reset rt-Link", size && `rt-r-size-${size}`, "rt-underline-auto", className),
  };
}

type TextFieldProps = Omit<ComponentPropsWithoutRef<"input">, "size" | "children"> & {
  /** shown at the start of the box (an icon), as Radix's <TextField.Slot> */
  icon?: ReactNode;
};

/**
 * Radix's <TextField.Root> (size 2, surface) with an optional <TextField.Slot> icon: the box and its input. As with
 * Radix's, pressing the box outside the input (the icon, the padding) puts the cursor in the input.
 */
export function TextField({ icon, ...input }: TextFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const focusInput = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("input, button, a")) return;
    const field = ref.current;
    if (!field) return;
    requestAnimationFrame(() => {
      try {
        field.setSelectionRange(0, 0);
      } catch {
        // a search or e-mail field has no selection to set
      }
      field.focus();
    });
  };
  return (
    <div className="rt-TextFieldRoot rt-r-size-2 rt-variant-surface" onPointerDown={focusInput}>
      <input spellCheck="false" {...input} ref={ref} className="rt-reset rt-TextFieldInput" />
      {icon ? <div className="rt-TextFieldSlot">{icon}</div> : null}
    </div>
  );
}
