import { json } from "@remix-run/node";
import type { AttributeDefinition } from "#contract/attributes";
import { MSG } from "#contract/messages";
import { VARIATION_IMAGE_PURPOSE, variantKey, type DiscountType, type ProductEntity } from "#contract/products";
import { discountInputSchema, multipleVariationSchema, variationInputSchema } from "#contract/products-api";
import { can } from "#contract/rights";
import type { UploadPurpose } from "#contract/uploads";
import { apiFor, pageNotFound, type ApiClient, type ApiResult } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import type { LoggedUser } from "#api/modules/auth/service";
import {
  INTENT,
  NEW_VARIANT_IMAGE,
  dimensionField,
  dimensionNames,
  variationField,
  type DiscountReply,
  type Dimension,
  type EditAccess,
  type NewVariantReply,
  type NewVariantValues,
  type RowValues,
  type VariationsReply,
} from "~/components/product/EditProductNames";
import { productEditHref } from "~/lib/product-links";

// spec 2 §2 Edit Product (/app/product/edit/{shopId}?product={id}): the loader's product and the actions of the page's own
// sections: the variation table, the add-new-variant form and the discounts (spec 2 §4, §5, §8). The main form's Save is
// parsed by the product form (product-form.server.ts) and sent from here.

export const EDIT_ROLES = ["admin", "shopOwner", "staff"] as const;


/** The page's own URL without its dialogs: where a saved section comes back to. */

/**
 * Loads the product of `?product=` for the page. Unknown, deleted, another shop's product, or a product that is not of the
 * shop in the path: 'Page not found'.
 */
export async function loadEditable(request: Request, shopId: string) {
  const { api, user } = await apiFor(request, { roles: EDIT_ROLES, module: "product" });
  const productId = new URL(request.url).searchParams.get("product")?.trim() ?? "";
  if (!productId) throw pageNotFound();
  const found = await api.get<ProductEntity>(`product/${encodeURIComponent(productId)}`);
  if (found.httpStatus === 404 || (found.success && found.data.shopId !== shopId)) throw pageNotFound();
  if (!found.success) throw json({ message: found.message }, { status: found.httpStatus >= 400 ? found.httpStatus : 500 });
  // ADR 0018: product:edit the main form, variations and new variants; product:discount the discounts; else read-only
  const access: EditAccess = { canEdit: can(user, "product:edit"), canDiscount: can(user, "product:discount") };
  return { api, user, product: found.data, access };
}

/** The product's dimensions (spec 2 §3 variationList) with every value of their attribute (GET attr/multiple). */
export async function loadDimensions(api: ApiClient, product: ProductEntity): Promise<Dimension[]> {
  const entries = dimensionNames(product).map((name) => [name, product.variationList[name]] as const);
  if (!product.isVariationAvailable || entries.length === 0) return [];
  const ids = entries.map(([, v]) => v.id).filter(Boolean);
  const defs = ids.length ? await api.get<AttributeDefinition[]>("attr/multiple", { id: ids.join(",") }) : null;
  const byId = new Map((defs?.success ? defs.data : []).map((d) => [d._id, d]));
  return entries.map(([name, v]) => {
    const def = byId.get(v.id);
    return { name, label: def?.label || name, options: [...new Set([...(def?.list ?? []), ...v.list])] };
  });
}

// ---- action replies ---------------------------------------------------------------------------------------------------

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** spec 2 §8: a failed call shows the server's message; the multi-variation save falls back to 'An error occurred…'. */
const failureMessage = (result: ApiResult) => result.message || MSG.errorTryAgain;

/** spec 2 §5 Media: on the edit page a variation image that is not an image says 'Uploaded File Is Not A Valid Image File'. */
const imageMessages = (messages: string[]) => messages.map((m) => (m === MSG.mediaType ? MSG.editImageInvalid : m));

/**
 * The action of the page's sections. The whole body is read once: a page without JavaScript posts the variation images
 * and the new variant's image with the form (multipart), and each chosen file is uploaded here (readFormWithFiles).
 * `extraUploads` are the main form's file fields; `save` handles the main form's intent with the read form.
 */
export async function editAction(
  request: Request,
  shopId: string,
  opts: {
    extraUploads?: Record<string, UploadPurpose>;
    multipleUploads?: readonly string[];
    save?: (ctx: { api: ApiClient; user: LoggedUser; product: ProductEntity; formData: FormData; fileErrors: Record<string, string>; back: string }) => Promise<Response>;
  } = {},
) {
  const { api, user, product, access } = await loadEditable(request, shopId);
  const uploads: Record<string, UploadPurpose> = { ...opts.extraUploads, [NEW_VARIANT_IMAGE]: VARIATION_IMAGE_PURPOSE };
  for (const v of product.variations) uploads[variationField("image", v._id)] = VARIATION_IMAGE_PURPOSE;
  const { formData, fileErrors } = await readFormWithFiles(request, api, uploads, { multiple: opts.multipleUploads });
  const intent = text(formData, "intent");
  const back = productEditHref(shopId, product._id);
  const refuse = () => json({ message: MSG.forbidden }, { status: 403, headers: api.headers });

  switch (intent) {
    case INTENT.save:
      if (!access.canEdit || !opts.save) return refuse();
      return opts.save({ api, user, product, formData, fileErrors, back });
    case INTENT.variations:
      if (!access.canEdit) return refuse();
      return saveVariations(api, product, formData, fileErrors, back);
    case INTENT.newVariant:
      if (!access.canEdit) return refuse();
      return addVariant(api, product, formData, fileErrors, back);
    case INTENT.discount:
      if (!access.canDiscount) return refuse();
      return addDiscount(api, product, formData, back);
    case INTENT.removeDiscount:
      if (!access.canDiscount) return refuse();
      return removeDiscount(api, product, text(formData, "target"), back);
    default:
      return redirectWithToast(back, { type: "error", message: MSG.serverError }, api.headers);
  }
}

/** spec 2 §7 PUT product/multiple-variation: every row's price, stock and image in one call. */
async function saveVariations(api: ApiClient, product: ProductEntity, formData: FormData, fileErrors: Record<string, string>, back: string) {
  const rows: Record<string, RowValues> = {};
  for (const v of product.variations) {
    rows[v._id] = {
      price: text(formData, variationField("price", v._id)),
      stock: text(formData, variationField("stock", v._id)),
      image: text(formData, variationField("image", v._id)),
    };
  }
  const errors: VariationsReply["errors"] = {};
  const addError = (id: string, field: keyof RowValues, message: string) => {
    const row = (errors[id] ??= {});
    row[field] = [...new Set([...(row[field] ?? []), message])];
  };
  for (const v of product.variations) {
    const fileError = fileErrors[variationField("image", v._id)];
    if (fileError) addError(v._id, "image", fileError);
  }
  const body = Object.fromEntries(Object.entries(rows).map(([id, row]) => [id, { price: row.price, stock: row.stock, defaultImage: row.image }]));
  const parsed = multipleVariationSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [id, field] = issue.path.map(String);
      if (id && rows[id]) addError(id, field === "defaultImage" ? "image" : field === "stock" ? "stock" : "price", issue.message);
    }
  }
  const reply = (formError: string | null, status: number) =>
    json<VariationsReply>({ intent: INTENT.variations, rows, errors, formError }, { status, headers: api.headers });
  if (Object.keys(errors).length > 0 || !parsed.success) return reply(null, 400);

  const result = await api.put("product/multiple-variation", parsed.data);
  if (!result.success) {
    // a refusal about one row's field (errors keyed `{id}.{field}`) goes beside that field
    for (const [key, messages] of Object.entries(result.errors ?? {})) {
      const [id, field] = key.split(".");
      if (id && rows[id] && field) for (const m of field === "defaultImage" ? imageMessages(messages) : messages) addError(id, field === "defaultImage" ? "image" : field === "stock" ? "stock" : "price", m);
    }
    return reply(result.httpStatus === 500 ? result.message || MSG.errorTryAgain : failureMessage(result), result.httpStatus >= 400 ? result.httpStatus : 400);
  }
  return redirectWithToast(back, { type: "success", message: result.message || MSG.variationsSaved }, api.headers);
}

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
async function addVariant(api: ApiClient, product: ProductEntity, formData: FormData, fileErrors: Record<string, string>, back: string) {
  const dimensions = await loadDimensions(api, product);
  const names = dimensions.map((d) => d.name);
  const labelOf = (name: string) => dimensions.find((d) => d.name === name)?.label ?? name;
  const values: NewVariantValues = {
    dimensions: Object.fromEntries(names.map((name) => [name, text(formData, dimensionField(name))])),
    sku: text(formData, "sku"),
    stock: text(formData, "stock"),
    price: text(formData, "price"),
    image: text(formData, NEW_VARIANT_IMAGE),
  };
  const errors: NewVariantReply["errors"] = {};
  const reply = (formError: string | null, status: number) =>
    json<NewVariantReply>({ intent: INTENT.newVariant, values, errors, formError }, { status, headers: api.headers });
  if (!product.isVariationAvailable || names.length === 0) return reply(MSG.variationNotProducts, 400);

  for (const name of names) if (!values.dimensions[name]) (errors.dimensions ??= {})[name] = [MSG.variationOptionRequired(labelOf(name))];
  const parsed = variationInputSchema.safeParse({
    variantDetails: Object.fromEntries(names.filter((n) => values.dimensions[n]).map((n) => [n, values.dimensions[n]])),
    sku: values.sku,
    stock: values.stock,
    price: values.price,
    defaultImage: values.image,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      const key = field === "defaultImage" ? "image" : field === "sku" || field === "stock" || field === "price" ? field : null;
      if (key && !errors[key]) errors[key] = [issue.message];
    }
  }
  if (fileErrors[NEW_VARIANT_IMAGE]) errors.image = [fileErrors[NEW_VARIANT_IMAGE]];
  // spec 2 §5: a new variant cannot repeat an existing combination (checked here too; the API enforces it)
  const chosen = names.map((n) => values.dimensions[n]);
  if (chosen.every(Boolean)) {
    const key = variantKey(chosen);
    if (product.variations.some((v) => v.variant === key || names.every((n) => v.variantDetails[n] === values.dimensions[n]))) {
      errors.combination = [combinationTaken(chosen)];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return reply(null, 400);

  const result = await api.post(`product/new-variant/${encodeURIComponent(product._id)}`, {
    prodId: product._id,
    varData: { ...parsed.data, variantName: variantKey(chosen), variantDetails: Object.fromEntries(names.map((n) => [n, values.dimensions[n]])) },
  });
  if (!result.success) {
    for (const [key, messages] of Object.entries(result.errors ?? {})) {
      const [field, dimension] = key.replace(/^varData\./, "").split(".");
      if (field === "variantDetails" && dimension && names.includes(dimension)) (errors.dimensions ??= {})[dimension] = messages;
      else if (field === "sku" || field === "stock" || field === "price") errors[field] = messages;
      else if (field === "defaultImage") errors.image = imageMessages(messages);
      else if (field === "variantDetails" || field === "variantName") errors.combination = messages;
    }
    return reply(Object.keys(errors).length > 0 ? null : failureMessage(result), result.httpStatus >= 400 ? result.httpStatus : 400);
  }
  return redirectWithToast(back, { type: "success", message: result.message || MSG.variantAdded }, api.headers);
}

/** spec 2 §4, §5: add a discount on the product, on all its variations (global) or on one variation. */
async function addDiscount(api: ApiClient, product: ProductEntity, formData: FormData, back: string) {
  const target = text(formData, "target");
  const values = { discountType: text(formData, "discountType"), discount: text(formData, "discount") };
  const errors: DiscountReply["errors"] = {};
  const reply = (formError: string | null, status: number) =>
    json<DiscountReply>({ intent: INTENT.discount, target, values, errors, formError }, { status, headers: api.headers });
  const variation = product.variations.find((v) => v._id === target);
  if (target !== "product" && target !== "global" && !variation) return reply(MSG.variationUnknown, 400);

  const parsed = discountInputSchema.safeParse(values);
  if (!parsed.success) {
    // spec 2 §5: missing fields give 'All Fields Are Required' (one message for the form)
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    return reply(messages.join(" "), 400);
  }
  const { discountType, discount } = parsed.data as { discountType: DiscountType; discount: number };
  if (discountType === "percentage" && (discount < 0 || discount > 100)) errors.discount = [MSG.percentDiscountRange];
  if (discountType === "flat") {
    if (target === "product" && discount > product.price) errors.discount = [MSG.flatDiscountMax];
    if (target === "global" && product.variations.some((v) => discount > v.price)) errors.discount = [MSG.variationFlatDiscountMax];
    if (variation && discount > variation.price) errors.discount = [MSG.variationFlatDiscountMax];
  }
  if (errors.discount) return reply(null, 400);

  const result = variation
    ? await api.put(`product/variant-discount/${encodeURIComponent(variation._id)}`, { prodId: product._id, isDiscount: true, discount, discountType })
    : await api.put(`product/${encodeURIComponent(product._id)}`, {
        prodId: product._id,
        data: { isDiscount: true, isGlobalDiscount: target === "global", discount, discountType },
      });
  if (!result.success) {
    const fieldMessages = Object.entries(result.errors ?? {}).filter(([k]) => /discount/i.test(k)).flatMap(([, m]) => m);
    if (fieldMessages.length) errors.discount = [...new Set(fieldMessages)];
    return reply(fieldMessages.length ? null : failureMessage(result), result.httpStatus >= 400 ? result.httpStatus : 400);
  }
  return redirectWithToast(back, { type: "success", message: result.message || MSG.discountAdded }, api.headers);
}

/** spec 2 §4: removal (after 'Are you sure you want to remove discount?'): product, global or one variation. */
async function removeDiscount(api: ApiClient, product: ProductEntity, target: string, back: string) {
  const variation = product.variations.find((v) => v._id === target);
  const result = variation
    ? await api.put(`product/variant-discount/${encodeURIComponent(variation._id)}`, { prodId: product._id, isDiscount: false, discount: null, discountType: null })
    : await api.put(`product/${encodeURIComponent(product._id)}`, {
        prodId: product._id,
        data: { isDiscount: false, isGlobalDiscount: target === "global", discount: null, discountType: null },
      });
  return redirectWithToast(back, { type: result.success ? "success" : "error", message: result.message || (result.success ? MSG.discountRemoved : MSG.errorTryAgain) }, api.headers);
}
