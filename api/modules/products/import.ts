import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG } from "#contract/core/messages";
import { variantKey } from "#contract/products/products";
import { productPayloadSchema, type ProductPayload } from "#contract/products/products-api";
import {
  ATTRIBUTE_COLUMN_PREFIX,
  IMPORT_COLUMNS,
  IMPORT_LIST_SEPARATOR,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROBLEMS_SHOWN,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_ROWS_MAX,
  type ImportColumn,
} from "#contract/products/product-import";
import type { ImportCheck, ImportProblem, ProductImportInput } from "#contract/products/product-import-api";
import {
  attributes,
  brands,
  categories,
  categoryAttributes,
  productSkus,
  productVariations,
  products,
  shopCategories,
} from "#api/db/schema";
import type { ProductAttrMap, VariationListMap } from "#api/db/schema/products";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { reachesEveryShop, requireShop, shopScope } from "#api/platform/auth/tenancy";
import { ApiError, badRequest, zodErrors, type FieldErrors } from "#api/platform/http/http";
import { cellText, readCsv } from "#api/platform/http/csv-read";
import { csvResponse } from "#api/platform/http/csv-export";
import { newId } from "#api/platform/data/ids";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import { auditEachCreated } from "#api/platform/audit/log";
import {
  attributeRule,
  leafAttributes,
  taxonomyRule,
  variationRowsRule,
  type AttributeRow,
  type CategoryNode,
  type CheckedRow,
} from "./rules";
import { productRowBase, requirePricingOrSizeChart, targetShop, variationProductRows } from "./service";
import { checkMedia, checkSizeChart, toCents } from "./shared";
import { generateSku, takenSkus } from "./sku";

// The product import from CSV (ADR 0073). A file is read whole and every row is checked with the product form's own
// rules (the contract's product schema, then rules.ts on what was loaded once for the whole file) before anything is
// written; its rows sharing a Handle are one product, with variations when they carry option values. Applying checks
// the file again and writes every product in the call's one transaction, in batches.

const HEADER_ROW = 1;
/** Rows per INSERT when applying: a few statements for 10,000 rows, well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500;

/** One data row of the file: its number in the file (the header is row 1) and its cells by column. */
interface Line {
  row: number;
  cell: (column: ImportColumn) => string;
  attributes: Map<string, string>;
}

/** A product as the file gives it: the rows sharing one handle. */
interface Group {
  handle: string;
  lines: Line[];
}

/** A product that passed every rule, ready to be written. */
interface PlannedProduct {
  input: ProductPayload;
  attr: ProductAttrMap;
  variations: { rows: CheckedRow[]; variationList: VariationListMap } | null;
}

class Problems {
  readonly list: ImportProblem[] = [];
  add(row: number, column: string, message: string) {
    this.list.push({ row, column, message });
  }
}

const lower = (s: string) => s.trim().toLowerCase();
const splitList = (cell: string, separator: RegExp) =>
  cell
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
const LIST = new RegExp(`\\${IMPORT_LIST_SEPARATOR}`);
// image URLs and file names (which may hold spaces) are separated by | or line breaks
const IMAGES = new RegExp(`[\\r\\n\\${IMPORT_LIST_SEPARATOR}]+`);
const TAGS = new RegExp(`[,\\${IMPORT_LIST_SEPARATOR}]`);

/** The file's lines grouped by handle, or the problems that stop the file being read at all (missing columns). */
function readFile(csv: string, problems: Problems): { groups: Group[]; rows: number } {
  const records = readCsv(csv);
  if (!records) throw badRequest(MSG.importNotCsv, { csv: [MSG.importNotCsv] });
  if (records.length < 2) throw badRequest(MSG.importNoRows, { csv: [MSG.importNoRows] });
  if (records.length - 1 > IMPORT_ROWS_MAX)
    throw badRequest(MSG.importTooManyRows(IMPORT_ROWS_MAX), { csv: [MSG.importTooManyRows(IMPORT_ROWS_MAX)] });
  const header = records[0].map(cellText);
  const at = new Map<ImportColumn, number>();
  for (const [column, name] of Object.entries(IMPORT_COLUMNS) as [ImportColumn, string][]) {
    const index = header.findIndex((h) => lower(h) === lower(name));
    if (index >= 0) at.set(column, index);
  }
  const attributeColumns = header.flatMap((h, index) =>
    lower(h).startsWith(lower(ATTRIBUTE_COLUMN_PREFIX))
      ? [{ name: h.slice(ATTRIBUTE_COLUMN_PREFIX.length).trim(), index }]
      : [],
  );
  for (const column of IMPORT_REQUIRED_COLUMNS)
    if (!at.has(column))
      problems.add(HEADER_ROW, IMPORT_COLUMNS[column], MSG.importColumnMissing(IMPORT_COLUMNS[column]));
  if (problems.list.length) return { groups: [], rows: records.length - 1 };
  const byHandle = new Map<string, Group>();
  for (const [i, record] of records.slice(1).entries()) {
    const row = i + 2;
    const line: Line = {
      row,
      cell: (column) => {
        const index = at.get(column);
        return index === undefined ? "" : cellText(record[index]);
      },
      attributes: new Map(attributeColumns.map((a) => [a.name, cellText(record[a.index])])),
    };
    const handle = line.cell("handle");
    if (!handle) {
      problems.add(row, IMPORT_COLUMNS.handle, MSG.importHandleRequired);
      continue;
    }
    const key = handle.toLowerCase();
    const group = byHandle.get(key) ?? { handle, lines: [] };
    group.lines.push(line);
    byHandle.set(key, group);
  }
  return { groups: [...byHandle.values()], rows: records.length - 1 };
}

/** What the whole file is checked against, read once: the taxonomy, brands, the shop's departments, leaves' attributes. */
async function loadCatalogue(deps: Deps, actor: Actor, shopId: string) {
  // one after another: inside the import's transaction the queries share one connection
  const cats = await deps.db
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
    .from(categories);
  const brandRows = await deps.db.select({ id: brands.id, name: brands.name }).from(brands);
  const own = reachesEveryShop(actor)
    ? null
    : await deps.db
        .select({ id: shopCategories.categoryId })
        .from(shopCategories)
        .where(eq(shopCategories.shopId, shopId));
  const byId = new Map<string, CategoryNode>(cats.map((c) => [c.id, c]));
  const named = (level: number, parentId: string | null, name: string) =>
    cats.find((c) => c.level === level && c.parentId === parentId && lower(c.name) === lower(name));
  const brandByName = new Map(brandRows.map((b) => [lower(b.name), b.id]));
  const leaves = new Map<string, Promise<{ attr: AttributeRow[]; variation: AttributeRow[] }>>();
  const leaf = (id: string) => {
    let found = leaves.get(id);
    if (!found) {
      found = (async () => ({
        attr: await leafAttributes(deps, id, "attr"),
        variation: await leafAttributes(deps, id, "variation"),
      }))();
      leaves.set(id, found);
    }
    return found;
  };
  return {
    byId,
    named,
    brandByName,
    shopDepartments: own && new Set(own.map((r) => r.id)),
    leaf,
  };
}

/** Each distinct media location is checked once for the whole file (the form's own checks, remembered). */
function mediaChecks(deps: Deps, actor: Actor) {
  const verdicts = new Map<string, Promise<string | null>>();
  const remember = (key: string, check: () => Promise<void>) => {
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = check().then(
        () => null,
        (error: unknown) => {
          if (error instanceof ApiError && error.status < 500) return error.message;
          throw error;
        },
      );
      verdicts.set(key, verdict);
    }
    return verdict;
  };
  return {
    image: (location: string) =>
      remember(`image ${location}`, () => checkMedia(deps, actor, location, "image", "image")),
    sizeChart: (location: string) => remember(`chart ${location}`, () => checkSizeChart(deps, actor, location, null)),
  };
}

/** How a product's fields are named in the file: its option dimensions, and each attribute's own column. */
interface FileNames {
  dimensions: string[];
  attributeColumn: (attribute: string) => string;
}

/** The column of the file a rule's field names (`variations.2.sku` → the third row's SKU). */
function locate(field: string, group: Group, names: FileNames): { line: Line; column: string } {
  const [head, index, sub, dimension] = field.split(".");
  const first = group.lines[0];
  if (head === "variations" && index !== undefined) {
    const line = group.lines[Number(index)] ?? first;
    const option = dimension ? names.dimensions.findIndex((n) => lower(n) === lower(dimension)) : 0;
    const columns: Record<string, string> = {
      sku: IMPORT_COLUMNS.sku,
      price: IMPORT_COLUMNS.price,
      stock: IMPORT_COLUMNS.stock,
      defaultImage: IMPORT_COLUMNS.variantImage,
      variantDetails: option === 1 ? IMPORT_COLUMNS.option2Value : IMPORT_COLUMNS.option1Value,
    };
    return { line, column: columns[sub] ?? IMPORT_COLUMNS.option1Value };
  }
  if (head === "attr") return { line: first, column: names.attributeColumn(index ?? "") };
  const columns: Record<string, string> = {
    name: IMPORT_COLUMNS.name,
    description: IMPORT_COLUMNS.description,
    tags: IMPORT_COLUMNS.tags,
    brand: IMPORT_COLUMNS.brand,
    department: IMPORT_COLUMNS.department,
    categories: IMPORT_COLUMNS.category,
    subcategory: IMPORT_COLUMNS.subcategory,
    price: IMPORT_COLUMNS.price,
    stock: IMPORT_COLUMNS.stock,
    sku: IMPORT_COLUMNS.sku,
    images: IMPORT_COLUMNS.images,
    sizeChartImage: IMPORT_COLUMNS.sizeChart,
    variationList: IMPORT_COLUMNS.option1Name,
    variations: IMPORT_COLUMNS.option1Value,
  };
  return { line: first, column: columns[head] ?? head };
}

/** A rule's refusal as problems of the group's rows: a field's first message, as the form shows it. */
function collect(problems: Problems, group: Group, names: FileNames, errors: FieldErrors) {
  for (const [field, messages] of Object.entries(errors)) {
    const { line, column } = locate(field, group, names);
    if (messages[0]) problems.add(line.row, column, messages[0]);
  }
}

function ruleErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.status < 500) return error.extra.errors ?? { [""]: [error.message] };
  throw error;
}

/** Checks the whole file: every problem by row and column, and the products that passed, to be written. */
async function checkFile(deps: Deps, actor: Actor, input: ProductImportInput, shopId: string) {
  const problems = new Problems();
  const { groups, rows } = readFile(input.csv, problems);
  const catalogue = await loadCatalogue(deps, actor, shopId);
  const media = mediaChecks(deps, actor);
  const planned: PlannedProduct[] = [];
  const preview: ImportCheck["preview"] = [];
  // SKUs of the file: the row that first used each
  const skuRow = new Map<string, number>();
  let variations = 0;

  for (const group of groups) {
    const first = group.lines[0];
    const before = problems.list.length;
    const optionNames = [first.cell("option1Name"), first.cell("option2Name")].filter(Boolean);
    const isVariation = optionNames.length > 0 || group.lines.some((l) => l.cell("option1Value"));
    if (!isVariation)
      for (const extra of group.lines.slice(1))
        problems.add(extra.row, IMPORT_COLUMNS.option1Value, MSG.importOptionsOnSingle);

    // names → ids: an unknown name is its own problem; a placeholder id stops the schema repeating it as missing
    let resolved = true;
    const unknown = (line: Line, column: string, message: string) => {
      problems.add(line.row, column, message);
      resolved = false;
      return "?";
    };
    const departmentName = first.cell("department");
    const categoryName = first.cell("category");
    const subcategoryName = first.cell("subcategory");
    const brandName = first.cell("brand");
    const department = departmentName ? catalogue.named(0, null, departmentName) : undefined;
    const category = department && categoryName ? catalogue.named(1, department.id, categoryName) : undefined;
    const subcategory = category && subcategoryName ? catalogue.named(2, category.id, subcategoryName) : undefined;
    const ids = {
      department: !departmentName
        ? undefined
        : (department?.id ?? unknown(first, IMPORT_COLUMNS.department, MSG.importDepartmentUnknown(departmentName))),
      categories: !categoryName
        ? undefined
        : !department
          ? "?"
          : (category?.id ??
            unknown(first, IMPORT_COLUMNS.category, MSG.importCategoryUnknown(categoryName, department.name))),
      subcategory: !subcategoryName
        ? undefined
        : !category
          ? "?"
          : (subcategory?.id ??
            unknown(first, IMPORT_COLUMNS.subcategory, MSG.importSubcategoryUnknown(subcategoryName, category.name))),
      brand: !brandName
        ? undefined
        : (catalogue.brandByName.get(lower(brandName)) ??
          unknown(first, IMPORT_COLUMNS.brand, MSG.importBrandUnknown(brandName))),
    };

    // attributes and options are named by the attribute's name or its label, as the form shows it
    const defs = subcategory ? await catalogue.leaf(subcategory.id) : { attr: [], variation: [] };
    const named = (list: AttributeRow[], name: string) =>
      list.find((d) => lower(d.name) === lower(name) || (!!d.label && lower(d.label) === lower(name)));
    const dimensions = optionNames.map((name) => named(defs.variation, name)?.name ?? name);
    const fileNames: FileNames = {
      dimensions,
      attributeColumn: (attribute) => {
        const def = defs.attr.find((d) => d.name === attribute);
        const given = [...first.attributes.keys()].find((k) => def && named([def], k));
        return `${ATTRIBUTE_COLUMN_PREFIX}${given ?? def?.label ?? attribute}`;
      },
    };
    // a cell may name a file uploaded with the CSV by its file name
    const image = (cell: string) => (Object.hasOwn(input.images, cell) ? input.images[cell] : cell);
    const chart = (cell: string) => (Object.hasOwn(input.sizeCharts, cell) ? input.sizeCharts[cell] : cell);
    const images = splitList(first.cell("images"), IMAGES).map(image);
    const payload = {
      name: first.cell("name"),
      description: first.cell("description"),
      tags: splitList(first.cell("tags"), TAGS),
      ...ids,
      images,
      sizeChartImage: chart(first.cell("sizeChart")) || null,
      isVariationAvailable: isVariation,
      ...(isVariation
        ? {
            variations: group.lines.map((line) => {
              const values = [line.cell("option1Value"), line.cell("option2Value")];
              return {
                variantDetails: Object.fromEntries(
                  dimensions.flatMap((name, i) => (values[i] ? [[name, values[i]]] : [])),
                ),
                sku: line.cell("sku"),
                price: line.cell("price"),
                stock: line.cell("stock"),
                // a row without its own image shows the product's first
                defaultImage: image(line.cell("variantImage")) || images[0] || "",
              };
            }),
          }
        : {
            price: first.cell("price") || undefined,
            stock: first.cell("stock") || undefined,
            sku: first.cell("sku") || undefined,
          }),
    };
    const parsed = productPayloadSchema.safeParse(payload);
    if (!parsed.success) collect(problems, group, fileNames, zodErrors(parsed.error));
    const product = parsed.success ? parsed.data : null;

    // the rules that read the catalogue, each on its own so one product shows all its problems
    const rule = <T>(run: () => T): T | undefined => {
      try {
        return run();
      } catch (error) {
        collect(problems, group, fileNames, ruleErrors(error));
        return undefined;
      }
    };
    let attr: ProductAttrMap | undefined;
    let checkedVariations: PlannedProduct["variations"] = null;
    if (product && resolved) {
      rule(() => taxonomyRule(catalogue.byId, product, catalogue.shopDepartments));
      rule(() => requirePricingOrSizeChart(product));
      const attrInput = Object.fromEntries(
        [...first.attributes].flatMap(([name, value]): [string, { value: string | string[]; id: string }][] => {
          const def = named(defs.attr, name);
          if (!value || !def) return [];
          return [[def.name, { value: def.type === "checkbox" ? splitList(value, LIST) : value, id: def.id }]];
        }),
      );
      attr = rule(() => attributeRule(defs.attr, attrInput));
      if (isVariation)
        checkedVariations = rule(() => variationRowsRule(defs.variation, product.variations, {})) ?? null;
    }
    if (product) {
      if (product.images.length === 0) problems.add(first.row, IMPORT_COLUMNS.images, MSG.productImageRequired);
      for (const location of new Set(product.images)) {
        const message = await media.image(location);
        if (message) problems.add(first.row, IMPORT_COLUMNS.images, message);
      }
      if (product.sizeChartImage) {
        const message = await media.sizeChart(product.sizeChartImage);
        if (message) problems.add(first.row, IMPORT_COLUMNS.sizeChart, message);
      }
      for (const [i, v] of product.variations.entries()) {
        if (!group.lines[i].cell("variantImage")) continue;
        const message = await media.image(v.defaultImage);
        if (message) problems.add(group.lines[i].row, IMPORT_COLUMNS.variantImage, message);
      }
      // a SKU once in the whole file (rules.ts checks within one product)
      const skus = isVariation ? product.variations.map((v, i) => ({ sku: v.sku, line: group.lines[i] })) : [];
      if (!isVariation && product.sku) skus.push({ sku: product.sku, line: first });
      for (const { sku, line } of skus) {
        const earlier = skuRow.get(sku);
        if (earlier === undefined) skuRow.set(sku, line.row);
        else if (!group.lines.some((l) => l.row === earlier))
          problems.add(line.row, IMPORT_COLUMNS.sku, MSG.importSkuInFile(earlier));
      }
    }

    for (const [i, line] of group.lines.entries()) {
      if (preview.length >= IMPORT_PREVIEW_ROWS) break;
      const v = product?.variations[i];
      preview.push({
        row: line.row,
        handle: group.handle,
        name: product?.name ?? first.cell("name"),
        variant: isVariation
          ? variantKey([line.cell("option1Value"), line.cell("option2Value")].filter(Boolean))
          : null,
        sku: (isVariation ? v?.sku : product?.sku) ?? (line.cell("sku") || null),
        price: (isVariation ? v?.price : product?.price) ?? null,
        stock: (isVariation ? v?.stock : product?.stock) ?? null,
      });
    }
    if (product && attr && problems.list.length === before && (!isVariation || checkedVariations)) {
      planned.push({ input: product, attr, variations: checkedVariations });
      variations += checkedVariations?.rows.length ?? 0;
    }
  }

  // SKUs the shop already uses (one query for the file)
  const taken = await takenSkus(deps.db, shopId, [...skuRow.keys()]);
  for (const [sku, row] of skuRow) if (taken.has(sku)) problems.add(row, IMPORT_COLUMNS.sku, MSG.productSkuTaken);

  problems.list.sort((a, b) => a.row - b.row);
  const check: ImportCheck = {
    rows,
    products: groups.length,
    variations,
    preview,
    problemCount: problems.list.length,
    problems: problems.list.slice(0, IMPORT_PROBLEMS_SHOWN),
  };
  return { check, planned, problems: problems.list };
}

/** The shop the file goes to: owners and staff their own (naming another is 404); an admin names one. */
async function importShop(deps: Deps, actor: Actor, requested: string | undefined) {
  // another shop's id is 404, as on every call a shop acts on
  if (requested) requireShop(actor, requested);
  return targetShop(deps, actor, requested);
}

/** POST product/import/check: every problem of the file, and what it would create; writes nothing. */
export async function checkImport(deps: Deps, actor: Actor, input: ProductImportInput): Promise<ImportCheck> {
  const shopId = await importShop(deps, actor, input.shopId);
  return (await checkFile(deps, actor, input, shopId)).check;
}

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += INSERT_BATCH) await insert(rows.slice(at, at + INSERT_BATCH));
}

/**
 * POST product/import: checks the file again and, when it has no problem, creates every product in the call's
 * transaction (all or nothing), with one audit entry per product. A file with problems is refused (400) with them.
 */
export async function applyImport(deps: Deps, actor: Actor, c: Context, input: ProductImportInput) {
  const shopId = await importShop(deps, actor, input.shopId);
  const { check, planned, problems } = await checkFile(deps, actor, input, shopId);
  if (problems.length > 0) {
    const errors: FieldErrors = {};
    for (const p of problems.slice(0, IMPORT_PROBLEMS_SHOWN))
      (errors[`rows.${p.row}.${p.column}`] ??= []).push(p.message);
    throw badRequest(MSG.importHasProblems(problems.length), errors);
  }
  const now = deps.now();
  const productRows: (typeof products.$inferInsert)[] = [];
  const variationRows: (typeof productVariations.$inferInsert)[] = [];
  const skuRows: (typeof productSkus.$inferInsert)[] = [];
  const generated: string[] = [];
  for (const { input: product, attr, variations } of planned) {
    const id = newId();
    const base = productRowBase(product, { id, shopId, attr, now });
    if (!variations) {
      // spec 2 §4: a single product without a SKU gets one made from its name, as on the form
      const sku = product.sku ?? (await generateSku(deps.db, shopId, product.name, generated));
      if (!product.sku) generated.push(sku);
      productRows.push({
        ...base,
        isVariationAvailable: false,
        priceCents: toCents(product.price!),
        stock: product.stock!,
        sku,
      });
      skuRows.push({ shopId, sku, productId: id });
      continue;
    }
    const made = variationProductRows(base, variations.rows, variations.variationList, now);
    productRows.push(made.product);
    variationRows.push(...made.variations);
    skuRows.push(...made.skus);
  }
  try {
    await insertBatched(productRows, (batch) => deps.db.insert(products).values(batch));
    await insertBatched(variationRows, (batch) => deps.db.insert(productVariations).values(batch));
    await insertBatched(skuRows, (batch) => deps.db.insert(productSkus).values(batch));
  } catch (error) {
    // a SKU taken between the check and the write (another save meanwhile)
    if (isUniqueViolation(error)) throw badRequest(MSG.productSkuTaken, { sku: [MSG.productSkuTaken] });
    throw error;
  }
  auditEachCreated(
    c,
    "product",
    productRows.map((p) => p.id),
  );
  return { rows: check.rows, productsCreated: productRows.length, variationsCreated: variationRows.length };
}

/** GET product/import/template: the header of an import file, with a column for each attribute of the shop's leaves. */
export async function importTemplate(deps: Deps, actor: Actor, requested: string | undefined) {
  const shopId = shopScope(actor, requested);
  let names: string[] = [];
  if (shopId) {
    // the shop's departments (level 0) → their categories → their leaves → the leaves' attributes
    const category = alias(categories, "category");
    const leaf = alias(categories, "leaf");
    const rows = await deps.db
      .selectDistinct({ name: attributes.name })
      .from(shopCategories)
      .innerJoin(category, eq(category.parentId, shopCategories.categoryId))
      .innerJoin(leaf, eq(leaf.parentId, category.id))
      .innerJoin(
        categoryAttributes,
        and(eq(categoryAttributes.categoryId, leaf.id), eq(categoryAttributes.kind, "attr")),
      )
      .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
      .where(eq(shopCategories.shopId, shopId));
    names = rows.map((r) => r.name).sort();
  }
  const headers = [...Object.values(IMPORT_COLUMNS), ...names.map((n) => `${ATTRIBUTE_COLUMN_PREFIX}${n}`)];
  async function* noRows(): AsyncGenerator<never[]> {}
  return csvResponse(
    "product-import-template",
    headers.map((header) => ({ header, cell: () => "" })),
    noRows(),
  );
}
