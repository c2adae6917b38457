// Client-safe constants and shapes of the attributes area (spec 2 §3 Attribute); the zod schemas are in attributes-api.ts.

/** spec 2 §3: the managed attribute types. */
export const ATTRIBUTE_TYPES = ["text", "radio", "checkbox", "dropdown", "number", "boolean"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** spec 2 §5: every type but text and number needs a list of options. */
export const typeNeedsList = (type: AttributeType) => type !== "text" && type !== "number";

export const ATTRIBUTE_SORTS = ["createdAt", "name", "label", "type"] as const;
export const ATTRIBUTE_NAME_MAX = 20;
export const ATTRIBUTE_HINT_MAX = 100;
export const ATTRIBUTE_OPTION_MAX = 50;

/** spec 2 §3: default units, by attribute name. */
export const DEFAULT_UNITS: Record<string, string> = { height: "cm", width: "cm", weight: "kg" };
export const defaultUnit = (name: string) => {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(DEFAULT_UNITS, key) ? DEFAULT_UNITS[key] : null;
};

/** A colour as the map stores it: `#RRGGBB`. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** How the console names each type. */
export const ATTRIBUTE_TYPE_LABELS: Record<AttributeType, string> = {
  text: "Text",
  radio: "Radio",
  checkbox: "Checkbox",
  dropdown: "Dropdown",
  number: "Number",
  boolean: "Yes / No",
};

/** Options offered to a boolean attribute that has none of its own. */
export const BOOLEAN_OPTIONS = ["Yes", "No"] as const;

/** An attribute whose options carry colours (or that is named like one), so adding an option asks for a colour. */
export const isColourAttribute = (attr: { name: string; map: object }) =>
  Object.keys(attr.map).length > 0 || /colou?r/i.test(attr.name);

/** PUT attr/push/{id}: add an option to the list, or name a colour (adding the option when it is missing). */
export type AttributePush = { field: "list"; value: string } | { field: "map"; value: { name: string; value: string } };

/**
 * The add page's Options box: one option per line, optionally followed by a colour (`Red #E53935`).
 * A trailing `#` and 3 to 8 hex digits is meant as a colour (checked by the API); anything else is part of the name.
 */
export function parseOptionLines(text: string): { list: string[]; map: Record<string, string> } {
  const list: string[] = [];
  const map: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const match = trimmed.match(/^(.*\S)\s+(#[0-9a-fA-F]{3,8})$/);
    const name = match ? match[1].trim() : trimmed;
    list.push(name);
    if (match) map[name] = match[2].toUpperCase();
  }
  return { list, map };
}
