import {
  Badge as RadixBadge,
  Box as RadixBox,
  Button as RadixButton,
  Flex as RadixFlex,
  Heading as RadixHeading,
  IconButton as RadixIconButton,
  Link as RadixLink,
  Text as RadixText,
  TextField as RadixTextField,
} from "@radix-ui/themes";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Badge,
  Box,
  Flex,
  Heading,
  Text,
  TextField,
  buttonProps,
  iconButtonProps,
  linkProps,
} from "../../app/components/plain";

// The list rows' <Text>, <Flex> and <Badge> (app/components/plain.tsx) must be Radix Themes' own markup, so Radix's
// stylesheet styles them exactly as it styles its components: the same element, attributes and classes, in order.

/** Each element's attributes in name order: only names and values count. */
function normalised(html: string) {
  return html.replace(/<([a-z]+)((?:\s[\w-]+="[^"]*")*)>/g, (_all, tag: string, attrs: string) => {
    const sorted = [...attrs.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}="${value}"`).sort();
    return `<${tag}${sorted.map((a) => ` ${a}`).join("")}>`;
  });
}
const same = (ours: ReactElement, radix: ReactElement) =>
  expect(normalised(renderToStaticMarkup(ours))).toBe(normalised(renderToStaticMarkup(radix)));

describe("<Text> is Radix's", () => {
  const cases: Array<Record<string, unknown>> = [
    {},
    { weight: "medium" },
    { size: "1", color: "gray", className: "nowrap" },
    { as: "p", size: "2", color: "gray", "data-testid": "no-options" },
    { as: "div", weight: "bold", color: "red", id: "x", title: "Title" },
    { as: "label", htmlFor: "field", size: "2", weight: "medium", style: { display: "block" } },
    { size: "9", weight: "light", color: "indigo" },
    { size: "3", weight: "regular", color: "green", "aria-hidden": true },
    { as: "label", htmlFor: "commission-category", size: "2", weight: "medium", mb: "1", style: { display: "block" } },
    { as: "p", mt: "2", mb: "0", color: "gray", className: "note" },
  ];
  for (const props of cases) {
    it(JSON.stringify(props), () => {
      same(<Text {...props}>Ava &amp; Mae</Text>, <RadixText {...props}>Ava &amp; Mae</RadixText>);
    });
  }
});

describe("<Flex> is Radix's", () => {
  const cases: Array<Record<string, unknown>> = [
    {},
    { direction: "column" },
    { align: "center", gap: "2" },
    { gap: "1", wrap: "wrap", "data-testid": "category-chips" },
    { direction: "row-reverse", align: "baseline", justify: "between", wrap: "nowrap", gap: "0", className: "c" },
    {
      direction: "column-reverse",
      align: "stretch",
      justify: "end",
      wrap: "wrap-reverse",
      gap: "9",
      style: { minWidth: 0 },
    },
    { align: "start", justify: "center" },
    { align: "end", justify: "start", id: "row" },
    { align: "center", justify: "between", gap: "3", wrap: "wrap", mb: "4" },
    { className: "list-toolbar", gap: "4", align: "end", justify: "between", wrap: "wrap", mb: "3" },
    { direction: "column", align: "center", gap: "2", py: "6" },
    { justify: "center", mt: "3" },
    { gap: "2", mt: "0", mb: "9", py: "0", direction: "column" },
  ];
  for (const props of cases) {
    it(JSON.stringify(props), () => {
      same(
        <Flex {...props}>
          <span>a</span>
        </Flex>,
        <RadixFlex {...props}>
          <span>a</span>
        </RadixFlex>,
      );
    });
  }
});

describe("<Badge> is Radix's", () => {
  const cases: Array<Record<string, unknown>> = [
    {},
    { color: "green" },
    { variant: "soft" },
    { variant: "soft", color: "gray" },
    { variant: "outline", color: "gray", title: "Cafés, Bakeries", "aria-label": "2 more: Cafés, Bakeries" },
    { size: "2", variant: "solid", color: "gold" },
    { size: "3", variant: "surface", color: "red", className: "status" },
  ];
  for (const props of cases) {
    it(JSON.stringify(props), () => {
      same(<Badge {...props}>Approved</Badge>, <RadixBadge {...props}>Approved</RadixBadge>);
    });
  }
});

describe("<Box> and <Heading> are Radix's", () => {
  it("Box", () => {
    same(<Box>a</Box>, <RadixBox>a</RadixBox>);
    same(
      <Box className="x" id="y">
        a
      </Box>,
      <RadixBox className="x" id="y">
        a
      </RadixBox>,
    );
  });
  const headings: Array<Record<string, unknown>> = [
    {},
    { as: "h2", size: "5" },
    { as: "h3", size: "3", id: "t", className: "c" },
    { as: "h1", size: "6", "data-testid": "shop-name" },
  ];
  for (const props of headings) {
    it(`Heading ${JSON.stringify(props)}`, () =>
      same(<Heading {...props}>Brands</Heading>, <RadixHeading {...props}>Brands</RadixHeading>));
  }
});

describe("buttonProps() are what Radix's <Button> puts on a button or, with asChild, on a link", () => {
  const cases: Array<{
    size?: "1" | "2" | "3" | "4";
    variant?: "solid" | "soft" | "surface" | "outline" | "ghost";
    color?: "gray" | "red";
    className?: string;
  }> = [
    {},
    { variant: "soft" },
    { size: "1", variant: "soft", color: "red" },
    { size: "3", variant: "outline", color: "gray", className: "no-js-only" },
    { size: "2", variant: "ghost" },
    { size: "4", variant: "surface" },
  ];
  for (const props of cases) {
    it(JSON.stringify(props), () => {
      const { className, ...radixProps } = props;
      same(
        <button type="submit" {...buttonProps(props)}>
          Search
        </button>,
        <RadixButton type="submit" {...radixProps} className={className}>
          Search
        </RadixButton>,
      );
      same(
        <a href="/app/add-brand" {...buttonProps(props)}>
          Add Brand
        </a>,
        <RadixButton asChild {...radixProps} className={className}>
          <a href="/app/add-brand">Add Brand</a>
        </RadixButton>,
      );
    });
  }
});

describe("iconButtonProps() and linkProps() are what Radix's <IconButton> and <Link asChild> put on their element", () => {
  const icon = <svg width="15" height="15" aria-hidden="true" />;
  for (const props of [
    {},
    { variant: "ghost", color: "gray" },
    { size: "1", variant: "soft", className: "x" },
  ] as const) {
    it(`IconButton ${JSON.stringify(props)}`, () => {
      const { className, ...radixProps } = props as { className?: string };
      same(
        <button type="submit" aria-label="Collapse the menu" {...iconButtonProps(props)}>
          {icon}
        </button>,
        <RadixIconButton type="submit" aria-label="Collapse the menu" {...radixProps} className={className}>
          {icon}
        </RadixIconButton>,
      );
    });
  }
  for (const props of [{}, { size: "1" }, { size: "2", className: "footer-link" }] as const) {
    it(`Link ${JSON.stringify(props)}`, () => {
      const { className, ...radixProps } = props as { className?: string };
      same(
        <a href="/terms" {...linkProps(props)}>
          Terms
        </a>,
        <RadixLink asChild {...radixProps} className={className}>
          <a href="/terms">Terms</a>
        </RadixLink>,
      );
    });
  }
});

describe("<TextField> is Radix's <TextField.Root>, with its <TextField.Slot> for an icon", () => {
  const noop = () => {};
  it("a search box", () => {
    same(
      <TextField
        type="search"
        name="search"
        aria-label="Search users"
        placeholder="Search name"
        value="ava"
        onChange={noop}
        maxLength={100}
        autoComplete="off"
      />,
      <RadixTextField.Root
        type="search"
        name="search"
        aria-label="Search users"
        placeholder="Search name"
        value="ava"
        onChange={noop}
        maxLength={100}
        autoComplete="off"
      />,
    );
  });
  it("with an icon", () => {
    const icon = (
      <svg width="15" height="15" aria-hidden="true">
        <path d="M11 18a7 7 0 1 0 0-14" />
      </svg>
    );
    same(
      <TextField type="search" name="menu" aria-label="Search menu" value="" onChange={noop} icon={icon} />,
      <RadixTextField.Root type="search" name="menu" aria-label="Search menu" value="" onChange={noop}>
        <RadixTextField.Slot>{icon}</RadixTextField.Slot>
      </RadixTextField.Root>,
    );
  });
});
