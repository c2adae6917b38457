import { MSG } from "#contract/core/messages";
import {
  multipleVariationSchema,
  newVariantSchema,
  productListQuerySchema,
  productPayloadSchema,
  productUpdateSchema,
  variantDiscountSchema,
} from "#contract/products/products-api";
import { requirePermission } from "#api/platform/auth/actor";
import { badRequest, created, forbidden, ok } from "#api/platform/http/http";
import { can } from "#contract/access/rights";
import { route } from "#api/platform/http/router";
import { bulkRoute } from "#api/platform/http/bulk";
import { csvDay, csvMoney, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import { productDiscount, variantDiscount } from "./discounts";
import {
  createProduct,
  deleteProduct,
  isDiscountEdit,
  isFieldEdit,
  listProducts,
  productDetails,
  updateProduct,
} from "./service";
import { findProduct } from "./shared";
import { addVariant, listVariations, saveVariations } from "./variations";
import { applyImport, checkImport, importTemplate } from "./import";
import { productImportSchema } from "#contract/products/product-import-api";
import { IMPORT_BYTES_MAX } from "#contract/products/product-import";
import { z } from "#contract/core/zod";

const SHOP_PEOPLE = ["admin", "shopOwner", "staff"] as const;
/** Reads: any of the product module's access types (spec 1 §6). */
const READ = { roles: SHOP_PEOPLE, staff: ["product:add", "product:edit", "product:discount"] } as const;
const EDIT = { roles: SHOP_PEOPLE, staff: ["product:edit"] } as const;
/** Importing creates products: the right to add them (spec 1 §6). */
const ADD = { roles: SHOP_PEOPLE, staff: ["product:add"] } as const;
/**
 * The import's body is a whole CSV file (ADR 0073): 10,000 rows are about 3 MB; the file may be 10 MB (the schema's
 * limit on the text), and JSON's escapes of its quotes and line ends may make the body up to twice that.
 */
const IMPORT_BODY = { bytes: 2 * IMPORT_BYTES_MAX, message: MSG.importTooLarge };

const productList = route({
  method: "get",
  path: "/product",
  summary:
    "Products of a shop (owners and staff: their own; admins: shopId or all): search on name or SKU, sort (createdAt, name, price, stock), sortType, skip|page, limit up to 100; customerId (a customer the caller may see, else 404): isInWishList says whether each is in their wishlist, and isWishlistProducts=true keeps only those (staff with the customer module's 'add' may list with customerId); data, count, isNext",
  policy: { roles: SHOP_PEOPLE, staff: [...READ.staff, "customer:add"] },
  query: productListQuerySchema,
  handler: async ({ deps, actor, query }) => {
    // the customer page's product picker (ADR 0035): 'add' of the customer module opens the list for a customer only
    if (!can(actor, "product:any") && !(query.customerId && can(actor, "customer:add"))) throw forbidden();
    return listProducts(deps, actor, query);
  },
});

const productDelete = route({
  method: "delete",
  path: idPath("/product/:id"),
  summary: "Delete a product (soft: orders, streams and wishlists keep it; its SKUs stay reserved)",
  policy: EDIT,
  handler: async ({ deps, actor, params }) => ok(await deleteProduct(deps, actor, params.id), MSG.productDeleted),
});

// spec 2 §7 Product. Owners and staff work on their own shop's products only (another shop's product is 404);
// products of deleted shops and deleted products are invisible.
export const productRoutes = [
  productList,
  csvExport<ExportRow<"GET /product">>(productList, {
    summary: "The product list",
    filename: "products",
    columns: [
      { header: "Product ID", cell: (p) => p._id },
      { header: "Name", cell: (p) => p.name },
      { header: "SKU", cell: (p) => p.sku },
      { header: "Department", cell: (p) => p.department.name },
      { header: "Category", cell: (p) => p.categories.name },
      { header: "Sub-category", cell: (p) => p.subcategory.name },
      { header: "Brand", cell: (p) => p.brand.name },
      { header: "Price (AUD)", cell: (p) => csvMoney(p.price) },
      { header: "Stock", cell: (p) => p.stock },
      { header: "Variations", cell: (p) => p.variationCount },
      { header: "Created", cell: (p) => csvDay(p.createdAt) },
      { header: "Shop ID", cell: (p) => p.shopId },
    ],
  }),
  route({
    method: "post",
    path: "/product",
    summary:
      "Add a product: a single one (price, stock, sku generated when absent) or one with variations (variations rows, variationList, sizeChartImage); media must be the caller's own productMedia uploads; admins name the shopId",
    policy: { roles: SHOP_PEOPLE, staff: ["product:add"] },
    body: productPayloadSchema,
    handler: async ({ deps, actor, body }) => {
      const product = await createProduct(deps, actor, body);
      return created(product, MSG.productCreated(product.name));
    },
  }),
  route({
    method: "get",
    path: "/product/import/template",
    summary:
      "The product import's CSV template: its header (Handle, Name, …, and an 'Attribute: …' column for each attribute of the shop's sub-categories; admins: shopId)",
    policy: ADD,
    query: z.object({ shopId: z.string().trim().max(64).optional() }),
    handler: async ({ deps, actor, query }) => importTemplate(deps, actor, query.shopId),
  }),
  route({
    method: "post",
    path: "/product/import/check",
    summary:
      "Check a product CSV file ({csv, shopId for admins}) with the product form's rules: every problem by row and column, counts and the first rows; writes nothing",
    policy: ADD,
    body: productImportSchema,
    bodyLimit: IMPORT_BODY,
    handler: async ({ deps, actor, body }) => {
      const check = await checkImport(deps, actor, body);
      return ok(
        check,
        check.problemCount ? MSG.importHasProblems(check.problemCount) : MSG.importChecked(check.products),
      );
    },
  }),
  route({
    method: "post",
    path: "/product/import",
    summary:
      "Import a product CSV file ({csv, shopId for admins}): checked again, then every product created in one transaction (all or nothing, 400 with the problems by row and column); answers the counts",
    policy: ADD,
    body: productImportSchema,
    bodyLimit: IMPORT_BODY,
    handler: async ({ c, deps, actor, body }) => {
      const summary = await applyImport(deps, actor, c, body);
      return created(summary, MSG.importDone(summary.productsCreated, summary.variationsCreated));
    },
  }),
  route({
    method: "put",
    path: "/product/multiple-variation",
    summary:
      "Save several variations of one product at once: body maps variant id to {price, stock, defaultImage}; the product's price range and stock follow",
    policy: EDIT,
    body: multipleVariationSchema,
    handler: async ({ deps, actor, body }) => ok(await saveVariations(deps, actor, body), MSG.variationsSaved),
  }),
  route({
    method: "put",
    path: idPath("/product/variant-discount/:id"),
    summary:
      "Discount on one variation (ours): {prodId, isDiscount, discount, discountType}; refused while a discount on all variations exists; isDiscount false removes it",
    policy: { roles: SHOP_PEOPLE, staff: ["product:discount"] },
    body: variantDiscountSchema,
    handler: async ({ deps, actor, body, params }) =>
      ok(
        await variantDiscount(deps, actor, params.id, body),
        body.isDiscount ? MSG.discountAdded : MSG.discountRemoved,
      ),
  }),
  route({
    method: "get",
    path: idPath("/product/variations/:id"),
    summary:
      "The variation rows of product {id}; also for 'promote stream' (spec 3 §7: promoting a product in a stream reads its variations)",
    policy: { roles: SHOP_PEOPLE, staff: [...READ.staff, "stream:promote"] },
    handler: async ({ deps, actor, params }) => ok(await listVariations(deps, actor, params.id)),
  }),
  route({
    method: "post",
    path: idPath("/product/new-variant/:id"),
    summary:
      "Add one variation to product {id}: {prodId, varData{price, stock, defaultImage, sku, variantName, variantDetails}}; a combination never repeats",
    policy: EDIT,
    body: newVariantSchema,
    handler: async ({ deps, actor, body, params }) =>
      ok(await addVariant(deps, actor, params.id, body), MSG.variantAdded),
  }),
  route({
    method: "get",
    path: idPath("/product/:id"),
    summary: "One product with its variations",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await productDetails(deps, actor, params.id)),
  }),
  route({
    method: "put",
    path: idPath("/product/:id"),
    summary:
      "Edit a product: {prodId, data} with the editable fields (department, categories, subcategory and sku are read-only), or a discount edit alone: data {isDiscount, isGlobalDiscount, discount, discountType} (staff: product:discount); isDiscount false removes it",
    policy: { roles: SHOP_PEOPLE, staff: ["product:edit", "product:discount"] },
    body: productUpdateSchema,
    handler: async ({ deps, actor, body, params }) => {
      const discount = isDiscountEdit(body.data);
      const fields = isFieldEdit(body.data);
      if (discount && fields) throw badRequest(MSG.discountMixed);
      if (discount) {
        requirePermission(actor, "product:discount");
        return ok(
          await productDiscount(deps, actor, params.id, body.data),
          body.data.isDiscount === false ? MSG.discountRemoved : MSG.discountAdded,
        );
      }
      requirePermission(actor, "product:edit");
      return ok(await updateProduct(deps, actor, params.id, body.data), MSG.productUpdated);
    },
  }),
  productDelete,
  bulkRoute(productDelete, {
    path: "/product/bulk/delete",
    summary: "Delete products",
    list: productList,
    request: (id) => ({ params: { id } }),
    name: async (deps, actor, id) => (await findProduct(deps, actor, id)).product.name,
  }),
];
