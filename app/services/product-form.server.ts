import type { Role } from "#contract/access/roles";
import { reachesEveryShop } from "#contract/access/rights";
// The product form of the Add and Edit Product pages (spec 2 §2, §4 Product form, §5 Product): reading the post (with
// its files when the page runs without JavaScript) into conform's submission, checked by the contract's product form
// schema; the no-JavaScript helper steps; and the look-ups the form renders (departments, categories, sub-categories,
// the leaf's attributes and variations, brands).
import { parse, type Submission as Submission_, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MSG } from "#contract/core/messages";
import type { AttributeDefinition } from "#contract/catalogue/attributes-api";
import { BRAND_LOOKUP_LIMIT, BRAND_IMAGE_PURPOSE } from "#contract/catalogue/brands";
import type { CategoryRef, CategoryVariation } from "#contract/catalogue/categories-api";
import {
  PRODUCT_MEDIA_PURPOSE,
  SIZE_CHART_PURPOSE,
  VARIATION_DIMENSIONS_MAX,
  VARIATION_IMAGE_PURPOSE,
  skuPrefix,
} from "#contract/products/products";
import type { ProductEntity } from "#contract/products/products-api";
import type { productPayloadSchema, productUpdateDataSchema } from "#contract/products/products-api";
import { productFormSchema } from "#contract/products/products-form";
import type { UploadPurpose } from "#contract/uploads/uploads";
import type { z } from "#contract/core/zod";
import type { ApiClient } from "./api.server";
import { replyWithApiRefusal } from "./forms.server";
import { readFormWithFiles } from "./upload.server";
import {
  asList,
  makeRows,
  rowsOf,
  skuForName,
  variationSku,
  type ProductFormValue,
} from "~/components/product/ProductFormHelpers";

export { drawSku } from "~/components/product/ProductFormHelpers";

export type ProductFormMode = "add" | "edit";

export interface BrandOption {
  _id: string;
  name: string;
}

export interface ProductFormLookups {
  isAdmin: boolean;
  departments: CategoryRef[];
  /** the chosen department's categories */
  categories: CategoryRef[];
  /** the chosen category's sub-categories */
  subcategories: CategoryRef[];
  /** the chosen leaf's attributes (spec 2 §3 Attribute definition) */
  attributes: AttributeDefinition[];
  /** the chosen leaf's variation dimensions */
  variations: CategoryVariation[];
  brands: BrandOption[];
  /** the choices that still hold (a changed department clears what hung below it) */
  chosen: { department: string; categories: string; subcategory: string };
}

/** The post's variation rows can be many (2 dimensions × their values); file inputs beyond this are ignored. */
const MAX_ROWS = 200;
const rowImageField = (i: number) => `variations[${i}].image`;

/** The form's post, read once: urlencoded with JavaScript (files uploaded already), multipart with the files without it. */
export interface ProductForm {
  formData: FormData;
  fileErrors: Record<string, string>;
  /** what conform reads from the post, before any check */
  value: ProductFormValue;
}

/**
 * Reads the post. Without JavaScript the chosen media (`mediaFile`, multiple), the size chart (`sizeChartImageFile`), each
 * row's image (`variations[i].imageFile`) and the inline brand's image are streamed to the API here (checked there by
 * content); their locations join the form's values, so a refused save keeps them and nothing has to be chosen again.
 */
export async function readProductForm(request: Request, api: ApiClient): Promise<ProductForm> {
  const fields: Record<string, UploadPurpose> = {
    media: PRODUCT_MEDIA_PURPOSE,
    sizeChartImage: SIZE_CHART_PURPOSE,
    newBrandImage: BRAND_IMAGE_PURPOSE,
  };
  for (let i = 0; i < MAX_ROWS; i++) fields[rowImageField(i)] = VARIATION_IMAGE_PURPOSE;
  const { formData, fileErrors, types } = await readFormWithFiles(request, api, fields, { multiple: ["media"] });
  // media uploaded with the post go to images or videos by their checked content type
  for (const location of formData.getAll("media")) {
    if (typeof location !== "string" || !location) continue;
    formData.append((types[location] ?? "").startsWith("video/") ? "videos" : "images", location);
  }
  formData.delete("media");
  // a refused media file shows on the media panel
  if (fileErrors.media) fileErrors.images = fileErrors.media;
  delete fileErrors.media;
  return {
    formData,
    fileErrors,
    value: parse(formData, { resolve: () => ({ value: undefined }) }).payload as ProductFormValue,
  };
}

/** The form's value for a new product (the Add page's first render): an empty form with a drawn SKU. */
export const emptyProductValue = (sku: string): ProductFormValue => ({ sku });

/** The form's value for a saved product (the Edit page's first render). */
export function productFormValue(product: ProductEntity): ProductFormValue {
  return {
    name: product.name,
    description: product.description,
    tags: product.tags.join(", "),
    department: product.department?._id ?? "",
    categories: product.categories?._id ?? "",
    subcategory: product.subcategory?._id ?? "",
    brand: product.brand?._id ?? "",
    attr: Object.fromEntries(Object.entries(product.attr ?? {}).map(([name, { value }]) => [name, value])),
    attrId: Object.fromEntries(Object.entries(product.attr ?? {}).map(([name, { id }]) => [name, id])),
    price: product.isVariationAvailable ? "" : String(product.price ?? ""),
    stock: product.isVariationAvailable ? "" : String(product.stock ?? ""),
    sku: product.sku ?? "",
    isVariationAvailable: product.isVariationAvailable ? "on" : undefined,
    images: product.images,
    videos: product.videos,
    sizeChartImage: product.sizeChartImage ?? "",
  };
}

/** An API field key as the form's field name (the API writes `variations.0.sku`, `attr.Color.value`…); null: the form's message. */
export function fieldOfApiKey(key: string): string | null {
  const [head, ...rest] = key.split(".");
  const rowField: Record<string, string> = {
    defaultImage: "image",
    image: "image",
    variantDetails: "variant",
    variantName: "variant",
    sku: "sku",
    price: "price",
    stock: "stock",
  };
  if (head === "variations" && rest.length >= 1)
    return `variations[${rest[0]}].${rowField[rest[1] ?? ""] ?? "variant"}`;
  if (head === "attr" && rest.length) return `attr.${rest[0]}`;
  if (head === "defaultImage" || head === "videos" || head === "images") return "images";
  if (head === "variationList") return "dimensions";
  const fields = [
    "name",
    "description",
    "tags",
    "brand",
    "department",
    "categories",
    "subcategory",
    "price",
    "stock",
    "sku",
    "sizeChartImage",
  ];
  return head && fields.includes(head) ? head : null;
}

export type ProductCreatePayload = z.input<typeof productPayloadSchema>;
export type ProductUpdateData = z.input<typeof productUpdateDataSchema>;

const splitTags = (tags: string | undefined) => [
  ...new Set(
    (tags ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The attributes as the API takes them: name → {value, id} (the leaf's ids). */
const attrPayload = (attr: Record<string, string | string[]>, attributes: AttributeDefinition[]) =>
  Object.fromEntries(
    attributes.flatMap((a) => {
      const value = attr[a.field_name];
      return value === undefined ? [] : [[a.field_name, { value, id: a._id }]];
    }),
  );

type ProductFormSchemas = ReturnType<typeof productFormSchema>;
/** What every page and kind of product checks: the names, tags, brand, attributes and media. */
type ProductBasics = Omit<z.output<ProductFormSchemas["editVariation"]>, "sizeChartImage">;

const basicsPayload = (v: ProductBasics, attributes: AttributeDefinition[]) => ({
  name: v.name,
  description: v.description,
  tags: splitTags(v.tags),
  brand: v.brand,
  attr: attrPayload(v.attr, attributes),
  images: v.images,
  videos: v.videos,
  defaultImage: v.images[0] ?? null,
});

/**
 * Checks the post (spec 2 §5) with the contract's product form schema for the page and kind of product, and answers
 * conform's submission: on success with the API's payload ("add": POST product/ without shopId; "edit": the `data` of
 * PUT product/{id}, where the taxonomy and SKU stay as they are and the variation table has its own save). A refused
 * post's reply carries every field's message at once, the files refused while reading it, and 'Please enter all
 * required field ' once, as the form's message.
 */
export function checkProductForm(
  form: ProductForm,
  ctx: { mode: "add"; attributes: AttributeDefinition[] },
): Checked<ProductCreatePayload>;
export function checkProductForm(
  form: ProductForm,
  ctx: { mode: "edit"; attributes: AttributeDefinition[]; product: ProductEntity },
): Checked<ProductUpdateData>;
export function checkProductForm(
  form: ProductForm,
  ctx:
    | { mode: "add"; attributes: AttributeDefinition[] }
    | { mode: "edit"; attributes: AttributeDefinition[]; product: ProductEntity },
): Checked<ProductCreatePayload | ProductUpdateData> {
  const { attributes } = ctx;
  const schemas = productFormSchema(attributes);
  if (ctx.mode === "edit") {
    const { product } = ctx;
    if (product.isVariationAvailable)
      return checkWith(form, ctx.mode, schemas.editVariation, (v) => ({
        ...basicsPayload(v, attributes),
        sizeChartImage: v.sizeChartImage,
      }));
    return checkWith(
      form,
      ctx.mode,
      schemas.editSingle,
      (v) => ({ ...basicsPayload(v, attributes), price: v.price, stock: v.stock }),
      discountRefusal(form, product),
    );
  }
  const taxonomy = (v: { department: string; categories: string; subcategory: string }) => ({
    department: v.department,
    categories: v.categories,
    subcategory: v.subcategory,
  });
  if (form.value.isVariationAvailable !== "on" && form.value.isVariationAvailable !== "true")
    return checkWith(form, ctx.mode, schemas.addSingle, (v) => {
      const common = basicsPayload(v, attributes);
      const sku = form.value.sku ?? "";
      // a SKU drawn for another name (no JavaScript regenerated it) is left to the API, which draws one from the name
      const ownSku = sku && sku.toUpperCase().startsWith(`${skuPrefix(common.name)}-`) ? { sku } : {};
      return {
        ...common,
        ...taxonomy(v),
        isVariationAvailable: false,
        currency: "AUD",
        price: v.price,
        stock: v.stock,
        ...ownSku,
      };
    });
  return checkWith(form, ctx.mode, schemas.addVariation, (v) => {
    const rows = v.variations;
    const dimensions = v.dimensions.slice(0, VARIATION_DIMENSIONS_MAX);
    const variationList = Object.fromEntries(
      dimensions.map((d) => {
        const [id = "", type = ""] = (v.dimensionMeta[d] ?? "").split("|");
        return [d, { list: [...new Set(rows.map((r) => r.details[d]).filter(Boolean))], type, id }];
      }),
    );
    return {
      ...basicsPayload(v, attributes),
      ...taxonomy(v),
      isVariationAvailable: true,
      currency: "AUD",
      variations: rows.map((r) => ({
        variantName: r.variant,
        variantDetails: r.details,
        sku: r.sku,
        price: r.price,
        stock: r.stock,
        defaultImage: r.image,
      })),
      variationList,
      sizeChartImage: v.sizeChartImage,
      defaultVariant: rows[0]?.variant ?? null,
    };
  });
}

/** The API's rule on a discounted single product's price, said with the others (it would refuse the save). */
function discountRefusal(form: ProductForm, product: ProductEntity): Record<string, string[]> {
  const price = Number(form.value.price);
  return product.isDiscount &&
    product.discountType === "flat" &&
    product.discount !== null &&
    Number.isFinite(price) &&
    price >= 1 &&
    price < product.discount
    ? { price: [MSG.discountBreaksPrice] }
    : {};
}

/** Checks the post with one schema; the checked value becomes the API's payload, refusals the form's reply. */
function checkWith<S extends z.ZodType, P>(
  form: ProductForm,
  mode: ProductFormMode,
  schema: S,
  payloadOf: (value: z.output<S>) => P,
  refused: Record<string, string[]> = {},
): Checked<P> {
  const submission = parseWithZod(form.formData, { schema });
  // spec 2 §5: on the Edit page a file of the wrong type is 'Uploaded File Is Not A Valid Image File'
  const typeMessage = (message: string) =>
    mode === "edit" && message === MSG.mediaType ? MSG.editImageInvalid : message;
  const refusals = {
    ...Object.fromEntries(
      Object.entries(form.fileErrors)
        .filter(([field]) => field !== "newBrandImage")
        .map(([field, message]) => [field, [typeMessage(message)]]),
    ),
    ...refused,
  };
  if (submission.status !== "success" || Object.keys(refusals).length) {
    // spec 2 §5: the form's required fields must pass, otherwise 'Please enter all required field '
    const formErrors =
      submission.status !== "success" || Object.keys(form.fileErrors).some((field) => field !== "newBrandImage")
        ? [MSG.productAllRequired]
        : undefined;
    return { ok: false, submission, result: submission.reply({ formErrors, fieldErrors: refusals }) };
  }
  return { ok: true, submission, payload: payloadOf(submission.value) };
}

type Submission = Submission_<unknown, string[], unknown>;
type Checked<P> =
  | { ok: true; submission: Submission; payload: P }
  | { ok: false; submission: Submission; result: SubmissionResult<string[]> };

/** The API's refusal of a save as the form's reply: messages on their fields, or the API's message as the form's. */
export const replyWithProductRefusal = (
  submission: Submission,
  result: { message: string; errors?: Record<string, string[]> },
) => replyWithApiRefusal(submission, { ...result, message: result.message || MSG.somethingWrong }, fieldOfApiKey);

/** A no-JavaScript helper step: changes the posted value (and may add messages), answered without saving. */
type Step = (api: ApiClient, form: ProductForm, mode: ProductFormMode) => Promise<Record<string, string[]>>;

/** "refresh": show the next level of categories, switch single/variations (the value as posted; the look-ups follow it). */
const refresh: Step = async () => ({});

/** "makeRows": the variation table from the chosen values (spec 2 §4: combinations joined with `_`, at most 2 dimensions). */
const makeRowsStep: Step = async (_api, { value }) => {
  const errors: Record<string, string[]> = {};
  let dimensions = asList(value.dimensions);
  if (dimensions.length > VARIATION_DIMENSIONS_MAX) {
    errors.dimensions = [MSG.variationDimensionsMax];
    dimensions = dimensions.slice(0, VARIATION_DIMENSIONS_MAX);
  }
  const chosen = Object.fromEntries(Object.entries(value.dimensionValues ?? {}).map(([d, v]) => [d, asList(v)]));
  value.dimensions = dimensions;
  value.variations = makeRows(dimensions, chosen, rowsOf(value), (variant) => variationSku(value.sku ?? "", variant));
  value.variationsSaved = "false";
  return errors;
};

/** "removeRow:{i}": one row less. */
const removeRow: Step = async (_api, { value, formData }) => {
  const i = Number(String(formData.get("intent")).slice("removeRow:".length));
  value.variations = rowsOf(value).filter((_, j) => j !== i);
  value.variationsSaved = "false";
  return {};
};

/** "addBrand": the inline brand (ADR 0013): POST brand, then chosen. */
const addBrand: Step = async (api, { value, fileErrors }) => {
  if (fileErrors.newBrandImage) return { newBrandName: [fileErrors.newBrandImage] };
  const result = await api.post("brand", { name: value.newBrandName ?? "", image: value.newBrandImage ?? "" });
  if (result.success) {
    value.brand = result.data._id;
    delete value.newBrandName;
    delete value.newBrandImage;
    return {};
  }
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(result.errors ?? {}))
    (errors[key === "image" ? "newBrandImage" : "newBrandName"] ??= []).push(...messages);
  return Object.keys(errors).length ? errors : { newBrandName: [result.message] };
};

/** The form's helper steps by intent (the Save is the page's own). */
const STEPS: Record<string, Step> = { refresh, makeRows: makeRowsStep, removeRow, addBrand };

/**
 * The form's helper steps, posted by its no-JS buttons (`intent`): "refresh", "makeRows", "removeRow:{i}", "addBrand".
 * Answers conform's reply of the changed value, or null when the intent is a save.
 */
export async function productFormStep(
  api: ApiClient,
  form: ProductForm,
  mode: ProductFormMode,
): Promise<SubmissionResult<string[]> | null> {
  const intent = String(form.formData.get("intent") ?? "");
  const step = STEPS[intent.startsWith("removeRow:") ? "removeRow" : intent];
  if (!step) return null;
  const errors: Record<string, string[]> = Object.fromEntries(
    Object.entries(form.fileErrors)
      .filter(([field]) => field !== "newBrandImage")
      .map(([field, message]) => [field, [message]]),
  );
  const { value } = form;
  if (mode === "add" && value.isVariationAvailable && !value.name?.trim()) {
    // spec 2 §4: toggling has-variations needs a product name first
    delete value.isVariationAvailable;
    errors.isVariationAvailable = [MSG.productNameFirst];
  }
  value.sku = skuForName(value.sku ?? "", value.name ?? "");
  Object.assign(errors, await step(api, form, mode));
  const submission = parse<unknown, string[]>(form.formData, { resolve: () => ({ value: undefined }) });
  // the step's value is the one rendered again
  Object.assign(submission.payload, value);
  for (const key of Object.keys(submission.payload)) if (!Object.hasOwn(value, key)) delete submission.payload[key];
  return submission.reply({ fieldErrors: errors });
}

/**
 * What the form renders besides the values: departments (an admin: all; an owner or staff member: their shop's, spec 2
 * §6), the chosen department's categories, the chosen category's sub-categories, the chosen leaf's attributes (GET
 * attr/multiple) and variations, and up to 1500 brands (spec 2 §9). A choice that no longer fits is cleared.
 */
export async function loadProductFormLookups(
  api: ApiClient,
  user: { role: { role: Role } },
  shop: { _id: string; categories: CategoryRef[] },
  given: { department?: string; categories?: string; subcategory?: string },
  mode: ProductFormMode = "add",
): Promise<ProductFormLookups> {
  const chosen = {
    department: given.department ?? "",
    categories: given.categories ?? "",
    subcategory: given.subcategory ?? "",
  };
  const isAdmin = reachesEveryShop(user);
  const leafOf = async (subcategory: string) => {
    let attributes: AttributeDefinition[] = [];
    let variations: CategoryVariation[] = [];
    if (!subcategory) return { attributes, variations };
    const leaf = await api.get(`category/${encodeURIComponent(subcategory)}`);
    if (leaf.success) {
      variations = leaf.data.variations ?? [];
      const ids = (leaf.data.attr ?? []).map((a) => a._id);
      if (ids.length) {
        const defs = await api.get("attr/multiple", { id: ids.join(",") });
        if (defs.success) attributes = defs.data;
      }
    }
    return { attributes, variations };
  };
  const loadBrands = () =>
    api
      .get("brand", { limit: BRAND_LOOKUP_LIMIT, sort: "name", sortType: "asc" })
      .then((r) => (r.success ? r.data.map(({ _id, name }) => ({ _id, name })) : []));
  if (mode === "edit") {
    // department, categories and sub-category are read-only on the Edit page: only the leaf's attributes are needed
    const [leaf, brands] = await Promise.all([leafOf(chosen.subcategory), loadBrands()]);
    return { isAdmin, departments: [], categories: [], subcategories: [], ...leaf, brands, chosen: { ...chosen } };
  }
  const children = async (parent: string) => {
    const result = await api.post("category/list", { parent }, { limit: 100, sort: "name", sortType: "asc" });
    return result.success ? result.data.map(({ _id, name }) => ({ _id, name })) : [];
  };
  const [departments, brands] = await Promise.all([
    isAdmin
      ? api.get("category/departments").then((r) => (r.success ? r.data : []))
      : Promise.resolve(shop.categories.map(({ _id, name }) => ({ _id, name }))),
    loadBrands(),
  ]);
  const department = departments.some((d) => d._id === chosen.department) ? chosen.department : "";
  const categories = department ? await children(department) : [];
  const category = categories.some((c) => c._id === chosen.categories) ? chosen.categories : "";
  const subcategories = category ? await children(category) : [];
  const subcategory = subcategories.some((c) => c._id === chosen.subcategory) ? chosen.subcategory : "";
  const { attributes, variations } = await leafOf(subcategory);
  return {
    isAdmin,
    departments,
    categories,
    subcategories,
    attributes,
    variations,
    brands,
    chosen: { department, categories: category, subcategory },
  };
}

/** The value with the look-ups' surviving choices (a department changed without JavaScript clears what hung below it). */
export function withChosen(value: ProductFormValue, lookups: ProductFormLookups): ProductFormValue {
  const changedLeaf = (value.subcategory ?? "") !== lookups.chosen.subcategory;
  const next: ProductFormValue = { ...value, ...lookups.chosen };
  // a different leaf has other attributes and variations
  if (changedLeaf)
    for (const key of ["attr", "attrId", "dimensions", "dimensionValues", "dimensionMeta", "variations"] as const)
      delete next[key];
  return next;
}
