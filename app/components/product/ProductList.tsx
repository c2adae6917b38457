import { Text } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { PRODUCT_UI_MSG } from "#contract/products/messages-products-ui";
import { priceLabel } from "#contract/products/products";
import type { ProductListRow } from "#contract/products/products-api";
import { formatDate } from "~/lib/format";
import { productAddHref, productEditHref } from "~/lib/product-links";
import type { Column } from "~/components/table/DataTable";
import { ListPage, type ListData } from "~/components/table/ListPage";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import type { BulkAction } from "~/components/table/BulkActions";

/** The product list's bulk actions, by the name their buttons post (ADR 0074). */
export const PRODUCT_BULK = { delete: "delete" } as const;

const bulkActions: BulkAction[] = [
  {
    name: PRODUCT_BULK.delete,
    label: "Delete selected",
    confirm: (rows) => `Delete ${rows}?`,
    confirmLabel: "Delete",
    destructive: true,
    note: "Orders, streams and wishlists keep them; they leave the shop's list.",
  },
];

/** spec 2 §2: the department column shows 3 tags, then +N. */
const TAGS_SHOWN = 3;

export interface ProductListProps extends ListData<ProductListRow> {
  /** h1 on /app/products; h2 on the shop page, under the shop's name */
  headingLevel: 1 | 2;
  /** the list's CSV export route, on /app/products */
  csv?: string;
  /** the product import page, on /app/products for those who may add products */
  csvImport?: string;
  shopId: string;
  canAdd: boolean;
  canEdit: boolean;
  target: { _id: string; name: string } | null;
}

/** The taxonomy of a product as the department column's tags: department, category, sub-category. */
const taxonomyTags = (row: ProductListRow) =>
  [row.department, row.categories, row.subcategory].filter((ref) => ref?.name).map((ref) => ref.name);

function TagCell({ tags, product }: { tags: string[]; product: string }) {
  if (!tags.length) return <Text color="gray">None</Text>;
  const shown = tags.slice(0, TAGS_SHOWN);
  const more = tags.length - shown.length;
  return (
    <ul className="product-tags" aria-label={`Departments of ${product}`}>
      {shown.map((tag, i) => (
        <li key={`${tag}-${i}`} className="product-tag">
          {tag}
        </li>
      ))}
      {more > 0 ? (
        <li className="product-tag-more" aria-label={`and ${more} more`}>
          +{more}
        </li>
      ) : null}
    </ul>
  );
}

function Thumbnail({ row }: { row: ProductListRow }) {
  return row.defaultImage ? (
    <img src={row.defaultImage} alt={row.name} className="product-thumb" width={44} height={44} loading="lazy" />
  ) : (
    <span className="product-thumb product-thumb-empty" role="img" aria-label={`${row.name}: no image`} />
  );
}

/**
 * spec 2 §2 Product list: search, Add product, sortable columns, a View button and Delete with a confirmation per
 * product, page sizes 5–100 and Previous/Next. All of its state (and the open confirmation) is in the URL, so it works
 * without JavaScript.
 */
export function ProductList({
  headingLevel,
  csv,
  csvImport,
  shopId,
  canAdd,
  canEdit,
  target,
  ...data
}: ProductListProps) {
  const location = useLocation();
  // the Add and Edit pages return to this very view: its page, size, sort and search
  const back = location.search ? `${location.pathname}${location.search}` : null;
  const columns: Column<ProductListRow>[] = [
    {
      key: "image",
      header: <span className="visually-hidden">Image</span>,
      width: 60,
      cell: (row) => <Thumbnail row={row} />,
    },
    { key: "name", header: "Name", sort: "name", cell: (row) => <Text weight="medium">{row.name}</Text> },
    { key: "department", header: "Department", cell: (row) => <TagCell tags={taxonomyTags(row)} product={row.name} /> },
    { key: "price", header: "Price", sort: "price", cell: (row) => <span className="nowrap">{priceLabel(row)}</span> },
    { key: "stock", header: "Stock", sort: "stock", cell: (row) => row.stock },
    {
      key: "createdAt",
      header: "Created",
      sort: "createdAt",
      cell: (row) => <span className="nowrap">{formatDate(row.createdAt)}</span>,
    },
    actionsColumn((row) => (
      <>
        <RowLink label="View" name={`View ${row.name}`} to={productEditHref(shopId, row._id, back)} />
        {canEdit ? <DeleteRowLink id={row._id} name={row.name} /> : null}
      </>
    )),
  ];

  return (
    <ListPage
      csv={csv}
      csvImport={canAdd ? csvImport : undefined}
      title="Products"
      headingLevel={headingLevel}
      add={canAdd ? { label: "Add product", to: productAddHref(shopId, back) } : null}
      search={{ label: "Search products", placeholder: "Search name or SKU" }}
      noun="products"
      columns={columns}
      data={data}
      // deleting needs product:edit, as the single Delete does
      bulk={canEdit ? { actions: bulkActions, rowName: (row) => row.name } : undefined}
      remove={{
        title: "Delete product",
        id: target?._id,
        description: target ? PRODUCT_UI_MSG.deleteProductConfirm(target.name) : null,
      }}
    />
  );
}
