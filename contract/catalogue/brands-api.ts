import { z } from "../core/zod";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { BRAND_LOOKUP_LIMIT, BRAND_NAME_MAX, BRAND_SORTS } from "./brands";

// The schemas of the brand calls and forms; the constants and shapes pages need are in brands.ts, which ships no zod.

/** spec 2 §7 GET brand: page|skip, limit (up to 1500 for the product form's select, spec 2 §9), sort, sortType, searchText|search. */
export const brandListQuerySchema = listQuerySchema(BRAND_SORTS, { maxLimit: BRAND_LOOKUP_LIMIT });
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

/**
 * spec 2 §5 Brand name: required, must not start with a space (checked before trimming), at most 50 characters;
 * trailing spaces are trimmed. One message per problem, the first that applies.
 */
export const brandNameField = z.string({ error: MSG.brandNameRequired }).transform((raw, ctx) => {
  if (raw === "") {
    ctx.addIssue({ code: "custom", message: MSG.brandNameRequired });
    return z.NEVER;
  }
  if (/^\s/.test(raw)) {
    ctx.addIssue({ code: "custom", message: MSG.noLeadingSpace });
    return z.NEVER;
  }
  const name = raw.trimEnd();
  if (name.length > BRAND_NAME_MAX) {
    ctx.addIssue({ code: "custom", message: MSG.max50 });
    return z.NEVER;
  }
  return name;
});

/** spec 2 §5 Brand image: required; the location of a checked upload (the API checks whose it is). */
export const brandImageField = z.string({ error: MSG.brandImageRequired }).transform((raw, ctx) => {
  const image = raw.trim();
  // 'null' is how the spec's clients write "no image" on the wire
  if (!image || image === "null") {
    ctx.addIssue({ code: "custom", message: MSG.brandImageRequired });
    return z.NEVER;
  }
  if (image.length > 1000) {
    ctx.addIssue({ code: "custom", message: MSG.imageNotUploaded });
    return z.NEVER;
  }
  return image;
});

/** spec 2 §7 POST brand: name, image. Also the Add Brand page's form. */
export const addBrandSchema = z.object({ name: brandNameField, image: brandImageField });
export type AddBrandInput = z.infer<typeof addBrandSchema>;

/** spec 2 §7 PUT brand/{id}: name, image; at least one, each under the same rules. */
export const updateBrandSchema = z
  .object({ name: brandNameField.optional(), image: brandImageField.optional() })
  .refine((v) => v.name !== undefined || v.image !== undefined, { message: MSG.brandNothingToChange });
export type UpdateBrandInput = z.infer<typeof updateBrandSchema>;

/** The brands list's edit drawer: which brand, its name and its image (the current one unless a new one was uploaded). */
export const editBrandFormSchema = z.object({
  intent: z.literal("edit"),
  id: z.string().trim().min(1).max(64),
  name: brandNameField,
  image: brandImageField,
});

/** spec 2 §3 Brand as the API returns it. */
export const brandEntitySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** spec 2 §3 Brand as the API returns it. */
export type BrandEntity = z.output<typeof brandEntitySchema>;
