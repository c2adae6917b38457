import { defaultUnit } from "#contract/catalogue/attributes";
import { newId } from "#api/platform/data/ids";
import type { Database } from "../client";
import { attributes, brands, categories, categoryAttributes, shopCategories, shopCommissions } from "../schema";

type NewAttribute = typeof attributes.$inferInsert;
type NewBrand = typeof brands.$inferInsert;
type NewCategory = typeof categories.$inferInsert;

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Factories for the taxonomy (demo data and tests): each writes real rows and returns them. */
export async function createAttribute(db: Database, input: Partial<NewAttribute> = {}) {
  const name = input.name ?? `Attr ${next()}`.slice(0, 20);
  const [row] = await db
    .insert(attributes)
    .values({
      id: newId(),
      name,
      label: name,
      type: "dropdown",
      isForVariation: false,
      list: ["One", "Two"],
      unit: defaultUnit(name),
      ...input,
    })
    .returning();
  return row;
}

export async function createBrand(db: Database, input: Partial<NewBrand> & { image: string }) {
  const [row] = await db
    .insert(brands)
    .values({ id: newId(), name: `Brand ${next()}`, ...input })
    .returning();
  return row;
}

/** A category under `parent` (one level below it), or a department when there is no parent. */
export async function createCategory(
  db: Database,
  input: Partial<Omit<NewCategory, "level" | "parentId">> & { parent?: { id: string; level: number } | null } = {},
) {
  const { parent, ...fields } = input;
  const [row] = await db
    .insert(categories)
    .values({
      id: newId(),
      name: `Category ${next()}`,
      level: parent ? parent.level + 1 : 0,
      parentId: parent?.id ?? null,
      ...fields,
    })
    .returning();
  return row;
}

/** A leaf's attributes and variations, as references in the given order; the first variation is the main one. */
export async function setLeafAttributes(
  db: Database,
  categoryId: string,
  attrIds: string[],
  variationIds: string[] = [],
) {
  const rows = [
    ...attrIds.map((attributeId, position) => ({ categoryId, kind: "attr" as const, attributeId, position })),
    ...variationIds.map((attributeId, position) => ({
      categoryId,
      kind: "variation" as const,
      attributeId,
      position,
      isMainSelected: position === 0,
    })),
  ];
  if (rows.length) await db.insert(categoryAttributes).values(rows);
}

export async function assignShopCategories(db: Database, shopId: string, categoryIds: string[]) {
  if (categoryIds.length)
    await db.insert(shopCategories).values(categoryIds.map((categoryId) => ({ shopId, categoryId })));
}

export async function createShopCommission(db: Database, shopId: string, categoryId: string, percentage: number) {
  const [row] = await db.insert(shopCommissions).values({ shopId, categoryId, percentage }).returning();
  return row;
}
