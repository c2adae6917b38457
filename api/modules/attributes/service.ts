import { and, eq, ilike, inArray, notInArray, or, sql } from "drizzle-orm";
import { BOOLEAN_OPTIONS, defaultUnit, typeNeedsList } from "#contract/catalogue/attributes";
import type { AttributeDefinition, AttributeEntity } from "#contract/catalogue/attributes-api";
import type { AttributeListQuery, AttributePushInput, CreateAttributeInput } from "#contract/catalogue/attributes-api";
import { MSG } from "#contract/core/messages";
import { attributes } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { isUniqueViolation } from "#api/platform/data/db-errors";

type AttributeRow = typeof attributes.$inferSelect;

/** spec 2 §3 Attribute as the API returns it. */
function toEntity(row: AttributeRow): AttributeEntity {
  return {
    _id: row.id,
    name: row.name,
    label: row.label,
    type: row.type,
    hint: row.hint ?? "",
    isForVariation: row.isForVariation,
    list: row.list,
    map: row.map,
    unit: row.unit,
    createdAt: row.createdAt.toISOString(),
  };
}

/** spec 2 §3 Attribute definition: how the product form renders one attribute. */
function toDefinition(row: AttributeRow): AttributeDefinition {
  // a boolean is a Yes/No choice on the product form
  const isBoolean = row.type === "boolean";
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    label: row.label,
    field_name: row.name,
    data_type: row.type === "boolean" ? "radio" : row.type,
    type: row.type,
    list: isBoolean && !row.list.length ? [...BOOLEAN_OPTIONS] : row.list,
    map: row.map,
    hint: row.hint ?? "",
    unit: row.unit,
    // nothing is pre-chosen: the product form makes the user pick
    defaultValue: "",
    isForVariation: row.isForVariation,
  };
}

/** GET attr (spec 2 §7): name or label search, the variation filter, sorted by an indexed column. */
export async function listAttributes(deps: Deps, q: AttributeListQuery) {
  const pattern = q.search ? likePattern(q.search) : null;
  const where = and(
    pattern ? or(ilike(attributes.name, pattern), ilike(attributes.label, pattern)) : undefined,
    q.isForVariation === undefined ? undefined : eq(attributes.isForVariation, q.isForVariation),
  );
  const sorting = orderBy(
    q,
    { createdAt: attributes.createdAt, name: attributes.name, label: attributes.label, type: attributes.type },
    attributes.id,
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select()
        .from(attributes)
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: attributes, where },
  );
  return { ...page, data: page.data.map(toEntity) };
}

/** POST attr: names are unique in any letter case; the unique index decides, so two admins at once cannot both win. */
export async function createAttribute(deps: Deps, input: CreateAttributeInput) {
  const now = deps.now();
  try {
    const [row] = await deps.db
      .insert(attributes)
      .values({
        id: newId(),
        name: input.name,
        label: input.label,
        type: input.type,
        hint: input.hint,
        isForVariation: input.isForVariation,
        list: input.list,
        map: input.map,
        // spec 2 §3: height and width in cm, weight in kg
        unit: defaultUnit(input.name),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toEntity(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", MSG.attributeNameTaken);
    throw error;
  }
}

export async function attributeById(deps: Deps, id: string) {
  const [row] = await deps.db.select().from(attributes).where(eq(attributes.id, id));
  if (!row) throw notFound();
  return toEntity(row);
}

/** GET attr/multiple: the definitions in the order asked; unknown ids are skipped. */
export async function attributeDefinitions(deps: Deps, ids: string[]) {
  if (!ids.length) return [];
  const rows = await deps.db.select().from(attributes).where(inArray(attributes.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [toDefinition(row)] : [];
  });
}

/** True when `list` holds `option` in any letter case (jsonb, evaluated inside the UPDATE). */
const listHolds = (option: string) =>
  sql`exists (select 1 from jsonb_array_elements_text(${attributes.list}) as o(option) where lower(o.option) = lower(${option}))`;
/** The list's own spelling of `option`, or `option` itself when it is missing. */
const listSpelling = (option: string) =>
  sql`coalesce((select o.option from jsonb_array_elements_text(${attributes.list}) as o(option) where lower(o.option) = lower(${option}) limit 1), ${option})`;

/** True when `map` already gives `option` a colour, in any letter case. */
const mapHolds = (option: string) =>
  sql`exists (select 1 from jsonb_object_keys(${attributes.map}) as k(option) where lower(k.option) = lower(${option}))`;

/**
 * PUT attr/push/{id}: adds one option (refused when the list already holds it, in any letter case), or adds a
 * coloured option: the colour is set and the option added when missing; refused when the option already has a colour,
 * so an "Add option" never silently repaints one. One conditional UPDATE each, so two people adding the same option at
 * once cannot both add it (ARCHITECTURE §3).
 */
export async function pushAttributeOption(deps: Deps, id: string, input: AttributePushInput) {
  if (input.id !== undefined && input.id !== id) throw fieldError("id", MSG.attributeIdMismatch);
  const now = deps.now();
  const { data } = input;
  // spec 2 §5: text and number attributes have no list
  const listType = notInArray(attributes.type, ["text", "number"]);
  const updated =
    data.field === "list"
      ? await deps.db
          .update(attributes)
          .set({ list: sql`${attributes.list} || jsonb_build_array(${data.value}::text)`, updatedAt: now })
          .where(and(eq(attributes.id, id), listType, sql`not ${listHolds(data.value)}`))
          .returning()
      : await deps.db
          .update(attributes)
          .set({
            list: sql`case when ${listHolds(data.value.name)} then ${attributes.list} else ${attributes.list} || jsonb_build_array(${data.value.name}::text) end`,
            map: sql`${attributes.map} || jsonb_build_object(${listSpelling(data.value.name)}, ${data.value.value}::text)`,
            updatedAt: now,
          })
          .where(and(eq(attributes.id, id), listType, sql`not ${mapHolds(data.value.name)}`))
          .returning();
  if (updated.length) return toEntity(updated[0]);
  const attribute = await attributeById(deps, id); // 404 when there is no such attribute
  if (!typeNeedsList(attribute.type))
    throw badRequest(MSG.attributeTakesNoOptions, { "data.value": [MSG.attributeTakesNoOptions] });
  throw badRequest(MSG.attributeOptionExists, { "data.value": [MSG.attributeOptionExists] });
}
