// Client-safe constants of the product import from CSV (ADR 0073): its columns, as the template and the problems name
// them, and its limits. The zod schemas are in product-import-api.ts.

/** The template's columns: rows sharing a Handle are one product; product cells are read from its first row. */
export const IMPORT_COLUMNS = {
  handle: "Handle",
  name: "Name",
  description: "Description",
  tags: "Tags",
  department: "Department",
  category: "Category",
  subcategory: "Sub-category",
  brand: "Brand",
  price: "Price",
  stock: "Stock",
  sku: "SKU",
  option1Name: "Option1 name",
  option1Value: "Option1 value",
  option2Name: "Option2 name",
  option2Value: "Option2 value",
  images: "Image URLs",
  variantImage: "Variant image URL",
  sizeChart: "Size chart URL",
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** A column `Attribute: Material` holds the product's value of the attribute Material (a checkbox: values split by `|`). */
export const ATTRIBUTE_COLUMN_PREFIX = "Attribute: ";

/** Columns a file must have; the others may be left out. */
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = [
  "handle",
  "name",
  "description",
  "department",
  "category",
  "subcategory",
  "brand",
  "price",
  "stock",
  "images",
];

/** Rows of one file (10,000 import within a minute on PostgreSQL: `npm run bench:import`). */
export const IMPORT_ROWS_MAX = 10_000;
/** Bytes of one file: 10,000 rows with long descriptions and several image URLs fit. */
export const IMPORT_BYTES_MAX = 10 * 1024 * 1024;
/** Problems listed at most (the count says how many there are). */
export const IMPORT_PROBLEMS_SHOWN = 500;
/** Rows shown in the preview before the owner confirms. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Tags, image URLs and a checkbox attribute's values are separated by `|` in a cell. */
export const IMPORT_LIST_SEPARATOR = "|";
