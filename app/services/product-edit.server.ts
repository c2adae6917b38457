import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type TypedResponse } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { VARIATION_IMAGE_PURPOSE, variantKey, type DiscountType } from "#contract/products/products";
import type { ProductEntity } from "#contract/products/products-api";
import { discountInputSchema, newVariantFormSchema, variationRowsFormSchema } from "#contract/products/products-api";
import { can } from "#contract/access/rights";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { apiFor, pageNotFound, type ApiClient, type ApiResult } from "~/services/api.server";
import { replyWithApiRefusal, type FieldOf, type Replyable } from "~/services/forms.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import {
  COMBINATION_FIELD,
  GLOBAL_TARGET,
  INTENT,
  NEW_VARIANT_IMAGE,
  PRODUCT_TARGET,
  dimensionField,
  dimensionNames,
  variationField,
  type Dimension,
  type EditAccess,
  type SectionIntent,
  type SectionReply,
} from "~/components/product/EditProductNames";
import { productEditHref } from "~/lib/product-links";
import { textAt } from "~/lib/posted";

// spec 2 §2 Edit Product (/app/product/edit/{shopId}?product={id}): the loader's product and the actions of the page's own
// sections: the variation table, the add-new-variant form and the discounts (spec 2 §4, §5, §8). The main form's Save is
// parsed by the product form (product-form.server.ts) and sent from here.

export const EDIT_ROLES = ["admin", "shopOwner", "staff"] as const;

/**
 * Loads the product of `?product=` for the page. Unknown, deleted, another shop's product, or a product that is not of the
 * shop in the path: 'Page not found'.
 */
export async function loadEditable(request: Request, shopId: string) {
  const { api, user } = await apiFor(request, { roles: EDIT_ROLES, module: "product" });
  const productId = new URL(request.url).searchParams.get("product")?.trim() ?? "";
  if (!productId) throw pageNotFound();
  const found = await api.get(`product/${encodeURIComponent(productId)}`);
  if (found.httpStatus === 404 || (found.success && found.data.shopId !== shopId)) throw pageNotFound();
  if (!found.success)
    throw json({ message: found.message }, { status: found.httpStatus >= 400 ? found.httpStatus : 500 });
  // ADR 0018: product:edit the main form, variations and new variants; product:discount the discounts; else read-only
  const access: EditAccess = { canEdit: can(user, "product:edit"), canDiscount: can(user, "product:discount") };
  return { api, user, product: found.data, access };
}

/** The product's dimensions (spec 2 §3 variationList) with every value of their attribute (GET attr/multiple). */
export async function loadDimensions(api: ApiClient, product: ProductEntity): Promise<Dimension[]> {
  const entries = dimensionNames(product).map((name) => [name, product.variationList[name]] as const);
  if (!product.isVariationAvailable || entries.length === 0) return [];
  const ids = entries.map(([, v]) => v.id).filter(Boolean);
  const defs = ids.length ? await api.get("attr/multiple", { id: ids.join(",") }) : null;
  const byId = new Map((defs?.success ? defs.data : []).map((d) => [d._id, d]));
  return entries.map(([name, v]) => {
    const def = byId.get(v.id);
    return { name, label: def?.label || name, options: [...new Set([...(def?.list ?? []), ...v.list])] };
  });
}

// ---- the page's forms ------------------------------------------------------------------------------------------------

/** What a section's handler gets: the post read once (with its files without JavaScript) and where a save returns. */
interface SectionContext {
  api: ApiClient;
  product: ProductEntity;
  formData: FormData;
  fileErrors: Record<string, string>;
  back: string;
}
/** A section's handler: its reply to the form, or a redirect with the toast. */
type SectionHandler = (ctx: SectionContext) => Promise<TypedResponse<SectionReply>>;

const reply = (ctx: SectionContext, intent: SectionIntent, result: SubmissionResult<string[]>, status: number) =>
  json<SectionReply>({ intent, result }, { status, headers: ctx.api.headers });

/** spec 2 §5 Media: on the edit page a variation image that is not an image says 'Uploaded File Is Not A Valid Image File'. */
const imageMessages = (messages: string[]) => messages.map((m) => (m === MSG.mediaType ? MSG.editImageInvalid : m));

/** spec 2 §8: a failed call shows the server's message, or 'An error occurred. Please try again.'. */
const failure = (result: ApiResult) => ({
  ...result,
  message: result.message || MSG.errorTryAgain,
  errors: result.errors,
});
/** The API's refusal, its picture fields' (`…defaultImage`) messages in the Edit page's words. */
const withImageMessages = (result: ApiResult) => ({
  ...failure(result),
  errors: Object.fromEntries(
    Object.entries(result.errors ?? {}).map(([key, messages]) => [
      key,
      key.endsWith("defaultImage") ? imageMessages(messages) : messages,
    ]),
  ),
});

/**
 * A section's answer to the API's answer: refused, the form again with each of the API's errors beside its field
 * (`fieldOf`) in the page's words (`refusal`); saved, back to the page with the API's message (else `saved`) as a toast.
 */
const answerCall = (
  ctx: SectionContext,
  intent: SectionIntent,
  submission: Replyable,
  result: ApiResult,
  how: { refusal: (result: ApiResult) => ApiResult & { message: string }; fieldOf: FieldOf; saved: string },
) =>
  result.success
    ? redirectWithToast(ctx.back, { type: "success", message: result.message || how.saved }, ctx.api.headers)
    : reply(
        ctx,
        intent,
        replyWithApiRefusal(submission, how.refusal(result), how.fieldOf),
        result.httpStatus >= 400 ? result.httpStatus : 400,
      );

/** The files the API refused while reading the post, as field errors (they join the form's other messages, in place of 'Please Add Image'). */
const fileFieldErrors = (fileErrors: Record<string, string>) =>
  Object.fromEntries(Object.entries(fileErrors).map(([field, message]) => [field, imageMessages([message])]));

/** spec 2 §7 PUT product/multiple-variation: every row's price, stock and image in one form (`rows.{id}.price`…). */
const saveVariations: SectionHandler = async (ctx) => {
  const { api, product, formData, fileErrors } = ctx;
  const submission = parseWithZod(formData, { schema: variationRowsFormSchema });
  const files = fileFieldErrors(fileErrors);
  if (submission.status !== "success" || Object.keys(files).length) {
    return reply(ctx, INTENT.variations, submission.reply({ fieldErrors: files }), 400);
  }
  const known = new Set(product.variations.map((v) => v._id));
  const body = Object.fromEntries(
    Object.entries(submission.value.rows)
      .filter(([id]) => known.has(id))
      .map(([id, row]) => [id, { price: row.price, stock: row.stock, defaultImage: row.image }]),
  );
  const result = await api.put("product/multiple-variation", body);
  // a refusal about one row's field (errors keyed `{id}.{field}`) goes beside that field
  const fieldOf = (key: string) => {
    const [id, field] = key.split(".");
    return id && known.has(id) && field
      ? variationField(field === "defaultImage" ? "image" : field === "stock" ? "stock" : "price", id)
      : null;
  };
  return answerCall(ctx, INTENT.variations, submission, result, {
    refusal: withImageMessages,
    fieldOf,
    saved: MSG.variationsSaved,
  });
};

/** The combination message of spec 2 §5: 'Please select other combination of {a} & {b}' (one dimension: ours). */
export const combinationTaken = (values: string[]) =>
  values.length >= 2 ? MSG.variationCombinationTaken(values[0], values[1]) : MSG.variationOptionTaken(values[0] ?? "");

/** The combinations the product has, each with the message a repeat shows (so the page can say it before posting). */
export const takenCombinations = (product: ProductEntity) => {
  const names = dimensionNames(product);
  return Object.fromEntries(
    product.variations.map((v) => {
      const values = names.map((n) => v.variantDetails[n] ?? "");
      return [variantKey(values), combinationTaken(values)];
    }),
  );
};

/** spec 2 §7 POST product/new-variant/{id}: one new combination with its SKU, stock, price and image. */
const addVariant: SectionHandler = async (ctx) => {
  const { api, product, formData, fileErrors } = ctx;
  const dimensions = await loadDimensions(api, product);
  const submission = parseWithZod(formData, { schema: newVariantFormSchema });
  if (!product.isVariationAvailable || dimensions.length === 0)
    return reply(ctx, INTENT.newVariant, submission.reply({ formErrors: [MSG.variationNotProducts] }), 400);
  const valueOf = (name: string) => textAt(submission.payload.dimension, name)?.trim() ?? "";
  // every rule at once: the fields' own, each dimension chosen (spec 2 §5 'Please Select {name}'), the combination new
  const rules: Record<string, string[]> = {};
  for (const d of dimensions)
    if (!valueOf(d.name)) rules[dimensionField(d.name)] = [MSG.variationOptionRequired(d.label)];
  const values = dimensions.map((d) => valueOf(d.name));
  if (values.every(Boolean)) {
    const key = variantKey(values);
    const names = dimensions.map((d) => d.name);
    if (product.variations.some((v) => v.variant === key || names.every((n, i) => v.variantDetails[n] === values[i])))
      rules[COMBINATION_FIELD] = [combinationTaken(values)];
  }
  const files = fileFieldErrors(fileErrors);
  if (submission.status !== "success" || Object.keys(rules).length || Object.keys(files).length) {
    return reply(ctx, INTENT.newVariant, submission.reply({ fieldErrors: { ...rules, ...files } }), 400);
  }
  const { sku, stock, price } = submission.value;
  const result = await api.post(`product/new-variant/${encodeURIComponent(product._id)}`, {
    prodId: product._id,
    varData: {
      sku,
      stock,
      price,
      defaultImage: submission.value[NEW_VARIANT_IMAGE],
      variantName: variantKey(values),
      variantDetails: Object.fromEntries(dimensions.map((d, i) => [d.name, values[i]])),
    },
  });
  const fieldOf = (key: string) => {
    const [field, dimension] = key.replace(/^varData\./, "").split(".");
    if (field === "variantDetails" && dimension && dimensions.some((d) => d.name === dimension))
      return dimensionField(dimension);
    if (field === "sku" || field === "stock" || field === "price") return field;
    if (field === "defaultImage") return NEW_VARIANT_IMAGE;
    return field === "variantDetails" || field === "variantName" ? COMBINATION_FIELD : null;
  };
  return answerCall(ctx, INTENT.newVariant, submission, result, {
    refusal: withImageMessages,
    fieldOf,
    saved: MSG.variantAdded,
  });
};

/** spec 2 §4, §5: add a discount on the product, on all its variations (global) or on one variation. */
const addDiscount: SectionHandler = async (ctx) => {
  const { api, product, formData } = ctx;
  const submission = parseWithZod(formData, { schema: discountInputSchema });
  const target = typeof submission.payload.target === "string" ? submission.payload.target : "";
  const variation = product.variations.find((v) => v._id === target);
  if (target !== PRODUCT_TARGET && target !== GLOBAL_TARGET && !variation)
    return reply(ctx, INTENT.discount, submission.reply({ formErrors: [MSG.variationUnknown] }), 400);
  if (submission.status !== "success") return reply(ctx, INTENT.discount, submission.reply(), 400);
  // both are present: the schema refuses the form otherwise
  const { discountType, discount } = submission.value as { discountType: DiscountType; discount: number };
  let refused: string | null = null;
  if (discountType === "percentage" && (discount < 0 || discount > 100)) refused = MSG.percentDiscountRange;
  if (discountType === "flat") {
    if (target === PRODUCT_TARGET && discount > product.price) refused = MSG.flatDiscountMax;
    if (target === GLOBAL_TARGET && product.variations.some((v) => discount > v.price))
      refused = MSG.variationFlatDiscountMax;
    if (variation && discount > variation.price) refused = MSG.variationFlatDiscountMax;
  }
  if (refused) return reply(ctx, INTENT.discount, submission.reply({ fieldErrors: { discount: [refused] } }), 400);

  const result = variation
    ? await api.put(`product/variant-discount/${encodeURIComponent(variation._id)}`, {
        prodId: product._id,
        isDiscount: true,
        discount,
        discountType,
      })
    : await api.put(`product/${encodeURIComponent(product._id)}`, {
        prodId: product._id,
        data: { isDiscount: true, isGlobalDiscount: target === GLOBAL_TARGET, discount, discountType },
      });
  return answerCall(ctx, INTENT.discount, submission, result, {
    refusal: failure,
    fieldOf: (key) => (/discount/i.test(key) ? "discount" : null),
    saved: MSG.discountAdded,
  });
};

/** spec 2 §4: removal (after 'Are you sure you want to remove discount?'): product, global or one variation. */
const removeDiscount: SectionHandler = async ({ api, product, formData, back }) => {
  const target = String(formData.get("target") ?? "").trim();
  const variation = product.variations.find((v) => v._id === target);
  const result = variation
    ? await api.put(`product/variant-discount/${encodeURIComponent(variation._id)}`, {
        prodId: product._id,
        isDiscount: false,
        discount: null,
        discountType: null,
      })
    : await api.put(`product/${encodeURIComponent(product._id)}`, {
        prodId: product._id,
        data: { isDiscount: false, isGlobalDiscount: target === GLOBAL_TARGET, discount: null, discountType: null },
      });
  return redirectWithToast(
    back,
    {
      type: result.success ? "success" : "error",
      message: result.message || (result.success ? MSG.discountRemoved : MSG.errorTryAgain),
    },
    api.headers,
  );
};

/** The page's forms by intent, with the right each needs (see loadEditable); the main form's Save is the page's own. */
const SECTIONS: Record<
  Exclude<SectionIntent, typeof INTENT.save>,
  { need: keyof EditAccess; handle: SectionHandler }
> = {
  [INTENT.variations]: { need: "canEdit", handle: saveVariations },
  [INTENT.newVariant]: { need: "canEdit", handle: addVariant },
  [INTENT.discount]: { need: "canDiscount", handle: addDiscount },
  [INTENT.removeDiscount]: { need: "canDiscount", handle: removeDiscount },
};

/**
 * The action of the page's sections. The whole body is read once: a page without JavaScript posts the variation images
 * and the new variant's image with the form (multipart), and each chosen file is uploaded here (readFormWithFiles).
 */
export async function editSectionsAction(request: Request, shopId: string) {
  const { api, product, access } = await loadEditable(request, shopId);
  const uploads: Record<string, UploadPurpose> = { [NEW_VARIANT_IMAGE]: VARIATION_IMAGE_PURPOSE };
  for (const v of product.variations) uploads[variationField("image", v._id)] = VARIATION_IMAGE_PURPOSE;
  const { formData, fileErrors } = await readFormWithFiles(request, api, uploads);
  // the page again, still knowing the list it returns to
  const back = productEditHref(shopId, product._id, new URL(request.url).searchParams.get("back"));
  const section = SECTIONS[String(formData.get("intent") ?? "") as keyof typeof SECTIONS];
  if (!section) return redirectWithToast(back, { type: "error", message: MSG.serverError }, api.headers);
  if (!access[section.need]) return json({ message: MSG.forbidden }, { status: 403, headers: api.headers });
  return section.handle({ api, product, formData, fileErrors, back });
}
