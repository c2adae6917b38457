import { z } from "../core/zod";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import {
  ATTRIBUTE_HINT_MAX,
  ATTRIBUTE_NAME_MAX,
  ATTRIBUTE_OPTION_MAX,
  ATTRIBUTE_SORTS,
  ATTRIBUTE_TYPES,
  COLOUR_PATTERN,
  parseOptionLines,
  typeNeedsList,
  type AttributeType,
} from "./attributes";

// The schemas of the attribute calls and the add page's form; the constants and shapes pages need are in attributes.ts.

/** A query or form flag written "true"/"false" (also a JSON boolean). */
const flag = (message: string) =>
  z.preprocess(
    (v) => (v === "true" ? true : v === "false" ? false : v === "" ? undefined : v),
    z.boolean({ error: message }),
  );

/** spec 2 §7: GET attr with page, limit, sort, sortType, searchText and an optional isForVariation (alias isVariation). */
export const attributeListQuerySchema = z
  .intersection(
    listQuerySchema(ATTRIBUTE_SORTS),
    z.object({
      isForVariation: flag(MSG.attributeVariationFilter).optional(),
      isVariation: flag(MSG.attributeVariationFilter).optional(),
    }),
  )
  .transform(({ isVariation, isForVariation, ...q }) => ({ ...q, isForVariation: isForVariation ?? isVariation }));
export type AttributeListQuery = z.infer<typeof attributeListQuerySchema>;

// spec 2 §5 Attribute
export const attributeNameField = z
  .string({ error: MSG.attributeNameRequired })
  .trim()
  .min(1, MSG.attributeNameRequired)
  .max(ATTRIBUTE_NAME_MAX, MSG.max20);
export const attributeLabelField = z
  .string({ error: MSG.attributeLabelRequired })
  .trim()
  .min(1, MSG.attributeLabelRequired)
  .max(ATTRIBUTE_NAME_MAX, MSG.max20);
export const attributeTypeField = z.enum(ATTRIBUTE_TYPES, { error: MSG.attributeTypeRequired });
export const variationFlagField = flag(MSG.attributeVariationRequired);
export const hintField = z
  .string()
  .trim()
  .max(ATTRIBUTE_HINT_MAX, MSG.hintMax)
  .nullish()
  .transform((v) => v || null);
export const optionField = z
  .string({ error: MSG.attributeOptionRequired })
  .trim()
  .min(1, MSG.attributeOptionRequired)
  .max(ATTRIBUTE_OPTION_MAX, MSG.optionMax);
export const colourField = z
  .string({ error: MSG.colourInvalid })
  .trim()
  .regex(COLOUR_PATTERN, MSG.colourInvalid)
  .transform((v) => v.toUpperCase());

/** Options trimmed, blanks dropped, and a repeat (in any letter case) kept once, in the order given. */
function distinctOptions(options: readonly string[]) {
  const seen = new Set<string>();
  return options.filter((option) => {
    const key = option.toLowerCase();
    if (!option || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Colours only for options in the list, keyed by the list's spelling. */
function coloursForList(list: readonly string[], map: Record<string, string>) {
  const byKey = new Map(list.map((name) => [name.toLowerCase(), name]));
  // built from entries: an option may be called "__proto__", which an assignment would not store
  return Object.fromEntries(
    Object.entries(map).flatMap(([name, colour]) => {
      const option = byKey.get(name.trim().toLowerCase());
      return option ? [[option, colour]] : [];
    }),
  );
}

/** spec 2 §5: a list is required unless the type is text or number (checked even when other fields fail). */
const needsList = (type: unknown) =>
  !ATTRIBUTE_TYPES.includes(type as AttributeType) || typeNeedsList(type as AttributeType);
/** Run a form-wide check even when a field already failed, so an empty form shows every message at once. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

/** spec 2 §7: POST attr with name, label, isForVariation, type, list, hint, and (ours) map of option → colour. */
export const createAttributeSchema = z
  .object({
    name: attributeNameField,
    label: attributeLabelField,
    type: attributeTypeField,
    isForVariation: variationFlagField,
    // a form posts one option as a plain string
    list: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? [v] : v),
      z.array(z.string({ error: MSG.attributeListRequired }).trim().max(ATTRIBUTE_OPTION_MAX, MSG.optionMax), {
        error: MSG.attributeListRequired,
      }),
    ),
    hint: hintField,
    map: z.record(z.string().max(ATTRIBUTE_OPTION_MAX, MSG.optionMax), colourField).optional(),
  })
  .superRefine((v, ctx) => {
    const list = Array.isArray(v.list) ? v.list.filter((o) => typeof o === "string" && o.trim()) : [];
    if (!list.length && needsList(v.type))
      ctx.addIssue({ code: "custom", path: ["list"], message: MSG.attributeListRequired });
  }, always)
  .transform((v) => {
    // text and number attributes take a typed value, not a choice: their options would never be offered
    const list = typeNeedsList(v.type) ? distinctOptions(v.list) : [];
    return { ...v, list, map: coloursForList(list, v.map ?? {}) };
  });
export type CreateAttributeInput = z.infer<typeof createAttributeSchema>;

/** spec 2 §7: GET attr/multiple?id=a&id=b (or one comma-separated value), at most 100 ids; none asked, none answered. */
export const attributeIdsQuerySchema = z.object({
  id: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(64)).max(100, MSG.attributeIdsMax))
    .meta({
      description:
        "Attribute ids, repeated (`id=a&id=b`), comma-separated (`id=a,b`) or both; at most 100 in all; unknown ids are skipped",
    }),
});

/** spec 2 §7: PUT attr/push/{id} with {id, data{field 'list' or 'map', value}}. */
export const attributePushSchema = z.object({
  id: z.string().trim().max(64).optional(),
  data: z.discriminatedUnion(
    "field",
    [
      z.object({ field: z.literal("list"), value: optionField }),
      z.object({
        field: z.literal("map"),
        value: z.object({ name: optionField, value: colourField }, { error: MSG.attributeOptionRequired }),
      }),
    ],
    { error: MSG.attributePushField },
  ),
});
export type AttributePushInput = z.infer<typeof attributePushSchema>;

/**
 * The add page's form (checked by its action): the spec's fields, with the options typed one per line
 * (`Red #E53935` gives a colour). Errors about the list show on the Options box.
 */
export const addAttributeFormSchema = z
  .object({
    name: attributeNameField,
    label: attributeLabelField,
    type: attributeTypeField,
    isForVariation: variationFlagField,
    hint: hintField,
    options: z.string().max(10_000).optional(),
  })
  .superRefine((v, ctx) => {
    const { list, map } = parseOptionLines(typeof v.options === "string" ? v.options : "");
    if (!list.length && needsList(v.type))
      ctx.addIssue({ code: "custom", path: ["options"], message: MSG.attributeListRequired });
    if (list.some((option) => option.length > ATTRIBUTE_OPTION_MAX))
      ctx.addIssue({ code: "custom", path: ["options"], message: MSG.optionMax });
    if (Object.values(map).some((colour) => !COLOUR_PATTERN.test(colour)))
      ctx.addIssue({ code: "custom", path: ["options"], message: MSG.colourInvalid });
  }, always)
  .transform(({ options, ...v }) => ({ ...v, ...parseOptionLines(options ?? "") }));

/** The detail panel's Add option form: a hidden intent and id, the option, and a colour for colour attributes. */
export const addOptionFormSchema = z.object({
  intent: z.literal("add-option"),
  id: z.string().trim().min(1).max(64),
  option: z.string().max(200).optional(),
  colour: z.string().max(20).optional(),
});

/** spec 2 §3 Attribute as the API returns it. */
export const attributeEntitySchema = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  hint: z.string(),
  isForVariation: z.boolean(),
  list: z.array(z.string()),
  /** option name → colour value */
  map: z.record(z.string(), z.string()),
  unit: z.string().nullable(),
  createdAt: z.string(),
});

/** spec 2 §3 Attribute definition: what the product form renders for one attribute (GET attr/multiple). */
export const attributeDefinitionSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  label: z.string(),
  /** the attribute's name: the key of the product's `attr` map */
  field_name: z.string(),
  /** spec 2 §3: number, text, textarea, dropdown, checkbox or radio (a boolean renders as Yes/No radios) */
  data_type: z.enum(["number", "text", "textarea", "dropdown", "checkbox", "radio"]),
  type: z.enum(ATTRIBUTE_TYPES),
  list: z.array(z.string()),
  map: z.record(z.string(), z.string()),
  hint: z.string(),
  unit: z.string().nullable(),
  defaultValue: z.string(),
  isForVariation: z.boolean(),
});

/** spec 2 §3 Attribute definition: what the product form renders for one attribute (GET attr/multiple). */
export type AttributeDefinition = z.output<typeof attributeDefinitionSchema>;
/** spec 2 §3 Attribute as the API returns it. */
export type AttributeEntity = z.output<typeof attributeEntitySchema>;
