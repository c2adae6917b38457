// The product form of the Add and Edit Product pages (spec 2 §2, §4 Product form, §5 Product): reading the post (with
// its files when the page runs without JavaScript), checking it with the contract's schemas, and the look-ups the form
// renders (departments, categories, sub-categories, the leaf's attributes and variations, brands).
import type { z } from "#contract/zod";
import { MSG } from "#contract/messages";
import type { AttributeDefinition } from "#contract/attributes";
import { BRAND_LOOKUP_LIMIT, BRAND_IMAGE_PURPOSE } from "#contract/brands";
import type { CategoryRef, CategoryVariation } from "#contract/categories";
import {
  PRODUCT_FILES_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_MEDIA_PURPOSE,
  PRODUCT_VIDEOS_MAX,
  SIZE_CHART_PURPOSE,
  VARIATION_DIMENSIONS_MAX,
  VARIATION_IMAGE_PURPOSE,
  VARIATION_ROWS_MIN,
  skuPrefix,
  variantKey,
  type ProductEntity,
} from "#contract/products";
import { productPayloadSchema, productUpdateDataSchema } from "#contract/products-api";
import type { UploadPurpose } from "#contract/uploads";
import type { LoggedUser } from "#api/modules/auth/service";
import type { ApiClient } from "./api.server";
import { readFormWithFiles } from "./upload.server";
import { makeRows, skuForName, variationSku, type VariationRowDraft } from "~/components/product/ProductFormHelpers";

export { drawSku } from "~/components/product/ProductFormHelpers";

export type ProductFormMode = "add" | "edit";

/** One row of the variation table as typed (strings), its combination and its values per dimension. */
export type VariationRowValues = VariationRowDraft;

/** Everything the form shows, as typed: a refused save or a no-JS step renders it again so nothing is lost. */
export interface ProductFormValues {
  name: string;
  description: string;
  /** comma-separated */
  tags: string;
  department: string;
  categories: string;
  subcategory: string;
  brand: string;
  /** attribute name → value (a checkbox attribute: its chosen options) */
  attr: Record<string, string | string[]>;
  /** attribute name → attribute id (posted beside the value; the payload's attr map carries both) */
  attrIds: Record<string, string>;
  price: string;
  stock: string;
  sku: string;
  isVariationAvailable: boolean;
  /** the chosen variation dimensions (attribute names), at most 2 */
  dimensions: string[];
  /** dimension → chosen values */
  dimensionValues: Record<string, string[]>;
  /** dimension → {id, type} of its attribute (the payload's variationList) */
  dimensionMeta: Record<string, { id: string; type: string }>;
  variations: VariationRowValues[];
  /** with JavaScript: the table was saved ("Save variations") and not changed since */
  variationsSaved: boolean;
  images: string[];
  videos: string[];
  sizeChartImage: string;
  newBrandName: string;
  newBrandImage: string;
}

/** Field name → messages. Keys: the value names, `attr.<name>`, `variations[i].<field>`, `form` for the form's message. */
export type ProductFormErrors = Record<string, string[]>;

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

export const emptyProductValues = (sku = ""): ProductFormValues => ({
  name: "",
  description: "",
  tags: "",
  department: "",
  categories: "",
  subcategory: "",
  brand: "",
  attr: {},
  attrIds: {},
  price: "",
  stock: "",
  sku,
  isVariationAvailable: false,
  dimensions: [],
  dimensionValues: {},
  dimensionMeta: {},
  variations: [],
  variationsSaved: false,
  images: [],
  videos: [],
  sizeChartImage: "",
  newBrandName: "",
  newBrandImage: "",
});


/** The post's variation rows can be many (2 dimensions × their values); file inputs beyond this are ignored. */
const MAX_ROWS = 200;
const rowImageField = (i: number) => `variations[${i}].image`;

/** The form's post, read once: urlencoded with JavaScript (files uploaded already), multipart with the files without it. */
export interface ProductForm {
  formData: FormData;
  fileErrors: Record<string, string>;
  /** location → content type of files uploaded with this post */
  types: Record<string, string>;
}

/**
 * Reads the post. Without JavaScript the chosen media (`mediaFile`, multiple), the size chart (`sizeChartImageFile`), each
 * row's image (`variations[i].imageFile`) and the inline brand's image are streamed to the API here (checked there by
 * content); their locations join the form's values, so a refused save keeps them and nothing has to be chosen again.
 */
export async function readProductForm(request: Request, api: ApiClient): Promise<ProductForm> {
  const fields: Record<string, UploadPurpose> = { media: PRODUCT_MEDIA_PURPOSE, sizeChartImage: SIZE_CHART_PURPOSE, newBrandImage: BRAND_IMAGE_PURPOSE };
  for (let i = 0; i < MAX_ROWS; i++) fields[rowImageField(i)] = VARIATION_IMAGE_PURPOSE;
  const { formData, fileErrors, types } = await readFormWithFiles(request, api, fields, { multiple: ["media"] });
  // media uploaded with the post go to images or videos by their checked content type
  for (const location of formData.getAll("media")) {
    if (typeof location !== "string" || !location) continue;
    formData.append((types[location] ?? "").startsWith("video/") ? "videos" : "images", location);
  }
  formData.delete("media");
  return { formData, fileErrors, types };
}

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};
const texts = (formData: FormData, name: string) => formData.getAll(name).filter((v): v is string => typeof v === "string" && v.trim() !== "");

/** The values as posted (no checks). */
export function valuesFromForm(formData: FormData): ProductFormValues {
  const values = emptyProductValues(text(formData, "sku"));
  for (const key of ["name", "description", "tags", "department", "categories", "subcategory", "brand", "price", "stock", "sizeChartImage", "newBrandName", "newBrandImage"] as const) {
    values[key] = text(formData, key);
  }
  values.isVariationAvailable = ["on", "true"].includes(text(formData, "isVariationAvailable"));
  values.variationsSaved = text(formData, "variationsSaved") === "true";
  values.images = [...new Set(texts(formData, "images"))];
  values.videos = [...new Set(texts(formData, "videos"))];
  values.dimensions = [...new Set(texts(formData, "dimensions"))];
  const rows = new Map<number, VariationRowValues>();
  const row = (i: number) => {
    let r = rows.get(i);
    if (!r) rows.set(i, (r = { variant: "", details: {}, sku: "", price: "", stock: "", image: "" }));
    return r;
  };
  for (const key of new Set(formData.keys())) {
    let m: RegExpMatchArray | null;
    if ((m = key.match(/^attr\.(.+)$/))) {
      const all = texts(formData, key);
      // a checkbox group posts a marker so that "none chosen" stays a list
      values.attr[m[1]] = formData.has(`attrMulti.${m[1]}`) ? all : (all[0] ?? "");
    } else if ((m = key.match(/^attrMulti\.(.+)$/))) {
      values.attr[m[1]] ??= [];
    } else if ((m = key.match(/^attrId\.(.+)$/))) values.attrIds[m[1]] = text(formData, key);
    else if ((m = key.match(/^dimensionValues\.(.+)$/))) values.dimensionValues[m[1]] = texts(formData, key);
    else if ((m = key.match(/^dimensionMeta\.(.+)$/))) {
      const [id = "", type = ""] = text(formData, key).split("|");
      values.dimensionMeta[m[1]] = { id, type };
    } else if ((m = key.match(/^variations\[(\d+)\]\.(variant|sku|price|stock|image)$/))) {
      const i = Number(m[1]);
      if (i < MAX_ROWS) row(i)[m[2] as "variant" | "sku" | "price" | "stock" | "image"] = text(formData, key);
    } else if ((m = key.match(/^variations\[(\d+)\]\.details\.(.+)$/))) {
      const i = Number(m[1]);
      if (i < MAX_ROWS) row(i).details[m[2]] = text(formData, key);
    }
  }
  values.variations = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
  return values;
}

/** The form's values for a saved product (the Edit page's first render). */
export function valuesFromProduct(product: ProductEntity): ProductFormValues {
  const values = emptyProductValues(product.sku ?? "");
  values.name = product.name;
  values.description = product.description;
  values.tags = product.tags.join(", ");
  values.department = product.department?._id ?? "";
  values.categories = product.categories?._id ?? "";
  values.subcategory = product.subcategory?._id ?? "";
  values.brand = product.brand?._id ?? "";
  for (const [name, { value, id }] of Object.entries(product.attr ?? {})) {
    values.attr[name] = value;
    values.attrIds[name] = id;
  }
  values.price = product.isVariationAvailable ? "" : String(product.price ?? "");
  values.stock = product.isVariationAvailable ? "" : String(product.stock ?? "");
  values.isVariationAvailable = product.isVariationAvailable;
  values.dimensions = Object.keys(product.variationList ?? {});
  for (const [name, { list, type, id }] of Object.entries(product.variationList ?? {})) {
    values.dimensionValues[name] = list;
    values.dimensionMeta[name] = { id, type };
  }
  values.variations = (product.variations ?? []).map((v) => ({
    variant: v.variant,
    details: v.variantDetails,
    sku: v.sku,
    price: String(v.price),
    stock: String(v.stock),
    image: v.defaultImage || v.image,
  }));
  values.variationsSaved = true;
  values.images = product.images;
  values.videos = product.videos;
  values.sizeChartImage = product.sizeChartImage ?? "";
  return values;
}

/** A zod issue's path as the form's field name: variations.0.sku → variations[0].sku, attr.Color.value → attr.Color. */
function fieldOfPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  const rowField: Record<string, string> = { defaultImage: "image", image: "image", variantDetails: "variant", variantName: "variant", sku: "sku", price: "price", stock: "stock" };
  if (head === "variations" && rest.length >= 2) return `variations[${rest[0]}].${rowField[rest[1]] ?? "variant"}`;
  if (head === "variations" && rest.length === 1) return `variations[${rest[0]}].variant`;
  if (head === "attr" && rest.length) return `attr.${rest[0]}`;
  if (head === "defaultImage" || head === "videos") return "images";
  if (head === "variationList") return "dimensions";
  if (head === "defaultVariant" || head === "shopId" || head === "currency" || head === "isVariationAvailable") return "form";
  return head ?? "form";
}

/** An API field key as the form's field name (the API writes `variations.0.sku`, or zod's dotted paths). */
export function fieldOfApiKey(key: string): string {
  return fieldOfPath(key.split("."));
}

function addError(errors: ProductFormErrors, field: string, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** An API refusal as the form's errors: its field errors on the fields, its message as the form's message. */
export function apiRefusalErrors(result: { message: string; errors?: Record<string, string[]> }): ProductFormErrors {
  const errors: ProductFormErrors = {};
  for (const [key, messages] of Object.entries(result.errors ?? {})) for (const m of messages) addError(errors, fieldOfApiKey(key), m);
  addError(errors, "form", result.message || MSG.somethingWrong);
  return errors;
}

const splitTags = (tags: string) => [...new Set(tags.split(",").map((t) => t.trim()).filter(Boolean))];

function attrPayload(values: ProductFormValues) {
  const attr: Record<string, { value: string | string[]; id: string }> = {};
  for (const [name, value] of Object.entries(values.attr)) {
    const id = values.attrIds[name];
    if (!id) continue;
    attr[name] = { value: Array.isArray(value) ? value : value.trim(), id };
  }
  return attr;
}

/** spec 2 §5 Save checks on the media: at least one image, at most 10 images and 1 video. */
function checkMedia(values: ProductFormValues, errors: ProductFormErrors) {
  if (values.images.length === 0) addError(errors, "images", MSG.productImageRequired);
  if (values.images.length > PRODUCT_IMAGES_MAX) addError(errors, "images", MSG.productImagesMax);
  if (values.videos.length > PRODUCT_VIDEOS_MAX) addError(errors, "images", MSG.productVideosMax);
  if (values.images.length + values.videos.length > PRODUCT_FILES_MAX && !errors.images) addError(errors, "images", MSG.productFilesMax);
}

function issuesInto(errors: ProductFormErrors, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  for (const issue of issues) addError(errors, fieldOfPath(issue.path), issue.message);
}

/** The files the API refused while reading the post, on their fields. */
function fileErrorsInto(errors: ProductFormErrors, fileErrors: Record<string, string>) {
  for (const [field, message] of Object.entries(fileErrors)) {
    if (field === "newBrandImage") continue;
    addError(errors, field === "media" ? "images" : field, message);
  }
}

export type ProductCreatePayload = z.input<typeof productPayloadSchema>;
export type ProductUpdateData = z.input<typeof productUpdateDataSchema>;
type Parsed<P> = { ok: true; payload: P; values: ProductFormValues } | { ok: false; errors: ProductFormErrors; values: ProductFormValues };

/**
 * Checks the post (spec 2 §5). "add": the payload of POST product/ (without shopId; the page adds it). "edit": the `data`
 * of PUT product/{id}: department, categories, sub-category and SKU stay as they are (read-only), the variation table
 * has its own save. A failure gives every field's message and 'Please enter all required field ' as the form's.
 */
export function parseProductForm(form: ProductForm, mode: "add"): Parsed<ProductCreatePayload>;
export function parseProductForm(form: ProductForm, mode: "edit", current: ProductEntity): Parsed<ProductUpdateData>;
export function parseProductForm(form: ProductForm, mode: ProductFormMode, current?: ProductEntity): Parsed<ProductCreatePayload | ProductUpdateData> {
  const values = valuesFromForm(form.formData);
  const errors: ProductFormErrors = {};
  fileErrorsInto(errors, form.fileErrors);
  checkMedia(values, errors);
  const common = {
    name: values.name,
    description: values.description,
    tags: splitTags(values.tags),
    brand: values.brand,
    attr: attrPayload(values),
    images: values.images,
    videos: values.videos,
    defaultImage: values.images[0] ?? null,
  };
  const isVariation = mode === "edit" ? !!current?.isVariationAvailable : values.isVariationAvailable;
  if (isVariation && !values.sizeChartImage) addError(errors, "sizeChartImage", MSG.sizeChartRequired);

  if (mode === "edit") {
    const data: ProductUpdateData = { ...common, ...(isVariation ? { sizeChartImage: values.sizeChartImage || null } : { price: values.price, stock: values.stock }) };
    if (!isVariation) {
      if (!values.price.trim()) addError(errors, "price", MSG.variationPriceRequired);
      if (!values.stock.trim()) addError(errors, "stock", MSG.variationStockRequired);
    }
    const result = productUpdateDataSchema.safeParse(data);
    if (!result.success) issuesInto(errors, result.error.issues);
    if (!values.brand) addError(errors, "brand", MSG.productBrandRequired);
    return finish(errors, values, data);
  }

  const payload: ProductCreatePayload = {
    ...common,
    department: values.department,
    categories: values.categories,
    subcategory: values.subcategory,
    isVariationAvailable: isVariation,
    currency: "AUD",
  };
  if (isVariation) {
    const dims = values.dimensions.slice(0, VARIATION_DIMENSIONS_MAX);
    if (values.dimensions.length > VARIATION_DIMENSIONS_MAX) addError(errors, "dimensions", MSG.variationDimensionsMax);
    payload.variations = values.variations.map((r) => ({
      variantName: r.variant,
      variantDetails: r.details,
      sku: r.sku,
      price: r.price,
      stock: r.stock,
      defaultImage: r.image,
    }));
    payload.variationList = Object.fromEntries(
      dims.map((d) => [d, { list: [...new Set(values.variations.map((r) => r.details[d]).filter(Boolean))], type: values.dimensionMeta[d]?.type ?? "", id: values.dimensionMeta[d]?.id ?? "" }]),
    );
    payload.sizeChartImage = values.sizeChartImage || null;
    payload.defaultVariant = values.variations[0]?.variant ?? null;
    if (values.variations.length < VARIATION_ROWS_MIN) addError(errors, "variations", MSG.variationRowsMin);
    const seen = new Set<string>();
    values.variations.forEach((r, i) => {
      if (!r.sku.trim()) addError(errors, `variations[${i}].sku`, MSG.variationSkuRequired);
      if (!r.stock.trim()) addError(errors, `variations[${i}].stock`, MSG.variationStockRequired);
      if (!r.price.trim()) addError(errors, `variations[${i}].price`, MSG.variationPriceRequired);
      if (!r.image.trim()) addError(errors, `variations[${i}].image`, MSG.variationImageRequired);
      const key = variantKey(dims.map((d) => r.details[d] ?? ""));
      if (seen.has(key)) {
        const [a = "", b = ""] = dims.map((d) => r.details[d] ?? "");
        addError(errors, `variations[${i}].variant`, MSG.variationCombinationTaken(a, b));
      }
      seen.add(key);
    });
  } else {
    payload.price = values.price;
    payload.stock = values.stock;
    if (!values.price.trim()) addError(errors, "price", MSG.variationPriceRequired);
    if (!values.stock.trim()) addError(errors, "stock", MSG.variationStockRequired);
    // a SKU typed for another name (no JavaScript regenerated it) is left to the API, which draws one from the name
    if (values.sku && values.sku.toUpperCase().startsWith(`${skuPrefix(values.name)}-`)) payload.sku = values.sku;
  }
  const result = productPayloadSchema.safeParse(payload);
  if (!result.success) issuesInto(errors, result.error.issues);
  return finish(errors, values, payload);
}

function finish<P>(errors: ProductFormErrors, values: ProductFormValues, payload: P): Parsed<P> {
  if (Object.keys(errors).length) {
    // spec 2 §5: the form's required fields must pass, otherwise 'Please enter all required field '
    if (!errors.form) errors.form = [MSG.productAllRequired];
    return { ok: false, errors, values };
  }
  return { ok: true, payload, values };
}

/**
 * The form's helper steps, posted by its no-JS buttons (`intent`): "refresh" (show the next level of categories, switch
 * single/variations), "makeRows" (the variation table from the chosen values), "addBrand" (the inline brand: POST brand,
 * then chosen). Returns what to render, or null when the intent is a save.
 */
export async function productFormStep(api: ApiClient, form: ProductForm, mode: ProductFormMode): Promise<{ values: ProductFormValues; errors: ProductFormErrors } | null> {
  const intent = text(form.formData, "intent");
  if (!["refresh", "makeRows", "addBrand"].includes(intent) && !intent.startsWith("removeRow:")) return null;
  const values = valuesFromForm(form.formData);
  const errors: ProductFormErrors = {};
  fileErrorsInto(errors, form.fileErrors);
  if (mode === "add" && values.isVariationAvailable && !values.name.trim()) {
    // spec 2 §4: toggling has-variations needs a product name first
    values.isVariationAvailable = false;
    addError(errors, "isVariationAvailable", MSG.productNameFirst);
  }
  values.sku = skuForName(values.sku, values.name);
  if (intent.startsWith("removeRow:")) {
    const i = Number(intent.slice("removeRow:".length));
    values.variations = values.variations.filter((_, j) => j !== i);
    values.variationsSaved = false;
  }
  if (intent === "makeRows") {
    if (values.dimensions.length > VARIATION_DIMENSIONS_MAX) {
      addError(errors, "dimensions", MSG.variationDimensionsMax);
      values.dimensions = values.dimensions.slice(0, VARIATION_DIMENSIONS_MAX);
    }
    values.variations = makeRows(values.dimensions, values.dimensionValues, values.variations, (variant) => variationSku(values.sku, variant));
    values.variationsSaved = false;
  }
  if (intent === "addBrand") {
    if (form.fileErrors.newBrandImage) addError(errors, "newBrandName", form.fileErrors.newBrandImage);
    else {
      const result = await api.post("brand", { name: values.newBrandName, image: values.newBrandImage });
      if (result.success) {
        values.brand = result.data._id;
        values.newBrandName = "";
        values.newBrandImage = "";
      } else {
        for (const [key, messages] of Object.entries(result.errors ?? {})) for (const m of messages) addError(errors, key === "image" ? "newBrandImage" : "newBrandName", m);
        if (!errors.newBrandName && !errors.newBrandImage) addError(errors, "newBrandName", result.message);
      }
    }
  }
  return { values, errors };
}

/**
 * What the form renders besides the values: departments (an admin: all; an owner or staff member: their shop's, spec 2
 * §6), the chosen department's categories, the chosen category's sub-categories, the chosen leaf's attributes (GET
 * attr/multiple) and variations, and up to 1500 brands (spec 2 §9). A choice that no longer fits is cleared.
 */
export async function loadProductFormLookups(
  api: ApiClient,
  user: Pick<LoggedUser, "role">,
  shop: { _id: string; categories: CategoryRef[] },
  chosen: Pick<ProductFormValues, "department" | "categories" | "subcategory">,
  mode: ProductFormMode = "add",
): Promise<ProductFormLookups> {
  const isAdmin = user.role.role === "admin";
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
    api.get("brand", { limit: BRAND_LOOKUP_LIMIT, sort: "name", sortType: "asc" }).then((r) => (r.success ? r.data.map(({ _id, name }) => ({ _id, name })) : []));
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
      ? api.post("category/list", { level: 0 }, { limit: 100, sort: "name", sortType: "asc" }).then((r) => (r.success ? r.data.map(({ _id, name }) => ({ _id, name })) : []))
      : Promise.resolve(shop.categories.map(({ _id, name }) => ({ _id, name }))),
    loadBrands(),
  ]);
  const department = departments.some((d) => d._id === chosen.department) ? chosen.department : "";
  const categories = department ? await children(department) : [];
  const category = categories.some((c) => c._id === chosen.categories) ? chosen.categories : "";
  const subcategories = category ? await children(category) : [];
  const subcategory = subcategories.some((c) => c._id === chosen.subcategory) ? chosen.subcategory : "";
  const { attributes, variations } = await leafOf(subcategory);
  return { isAdmin, departments, categories, subcategories, attributes, variations, brands, chosen: { department, categories: category, subcategory } };
}

/** The values with the look-ups' surviving choices (a department changed without JavaScript clears what hung below it). */
export function withChosen(values: ProductFormValues, lookups: ProductFormLookups): ProductFormValues {
  const changedLeaf = values.subcategory !== lookups.chosen.subcategory;
  return {
    ...values,
    ...lookups.chosen,
    // a different leaf has other attributes and variations
    ...(changedLeaf ? { attr: {}, attrIds: {}, dimensions: [], dimensionValues: {}, dimensionMeta: {}, variations: [] } : {}),
  };
}
