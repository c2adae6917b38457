import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { IMPORT_BYTES_MAX } from "./product-import";

// The product import's calls (ADR 0073): POST product/import/check reads a CSV file and answers every problem by row and
// column, writing nothing; POST product/import checks it again and creates every product in one transaction, or none.

/** Files uploaded with the CSV: a cell may name one by its file name instead of its location. */
const filesByName = z.record(z.string().trim().min(1).max(255), z.string().trim().min(1).max(1000)).default({});

/**
 * The file's text (a JSON string, or a form field); for admins, the shop it goes to; the product images (`images`,
 * productMedia uploads) and size charts (`sizeCharts`, catalogueImage uploads) sent with it, by file name.
 */
export const productImportSchema = z.object({
  images: filesByName,
  sizeCharts: filesByName,
  csv: z
    .string({ error: MSG.importFileRequired })
    .min(1, MSG.importFileRequired)
    .max(IMPORT_BYTES_MAX, MSG.importTooLarge),
  shopId: z.string().trim().max(64).optional(),
});
export type ProductImportInput = z.infer<typeof productImportSchema>;

/** One problem: the file's row (the header is row 1), the column's header, and the message the product form shows. */
export const importProblemSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportProblem = z.output<typeof importProblemSchema>;

/** One row as it was understood. */
export const importPreviewRowSchema = z.object({
  row: z.number(),
  handle: z.string(),
  name: z.string(),
  variant: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number().nullable(),
  stock: z.number().nullable(),
});

/** What the check found: counts, the first rows, and the problems (at most IMPORT_PROBLEMS_SHOWN of `problemCount`). */
export const importCheckSchema = z.object({
  rows: z.number(),
  products: z.number(),
  variations: z.number(),
  preview: z.array(importPreviewRowSchema),
  problemCount: z.number(),
  problems: z.array(importProblemSchema),
});
export type ImportCheck = z.output<typeof importCheckSchema>;

/** What the import created. */
export const importSummarySchema = z.object({
  rows: z.number(),
  productsCreated: z.number(),
  variationsCreated: z.number(),
});
export type ImportSummary = z.output<typeof importSummarySchema>;
