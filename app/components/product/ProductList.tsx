import { Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link, useLocation } from "@remix-run/react";
import { PRODUCT_UI_MSG } from "#contract/messages-products-ui";
import { priceLabel, type ProductListRow } from "#contract/products";
import { formatDate } from "~/lib/format";
import { closeOverlayHref } from "~/lib/url-state";
import { productAddHref, productEditHref } from "~/lib/product-links";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import type { Column } from "~/components/table/DataTable";
import { ListView } from "~/components/table/ListView";
import { SearchBox } from "~/components/table/SearchBox";
import { DeleteRowLink } from "~/components/table/DeleteRowLink";

// spec 2 §4 Lists, §9: 10 per page, createdAt descending
export const PRODUCT_DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;
/** spec 2 §2: the department column shows 3 tags, then +N. */
const TAGS_SHOWN = 3;

export interface ProductListProps {
  /** h1 on /app/products; h2 on the shop page, under the shop's name */
  headingLevel: 1 | 2;
  shopId: string;
  canAdd: boolean;
  canEdit: boolean;
  list: { products: ProductListRow[]; count: number; countEstimated: boolean; isNext: boolean } | null;
  listError: string | null;
  target: { _id: string; name: string } | null;
  targetError: string | null;
}

/** Where View leads: the edit page, with the product in the URL so that it survives a reload (issue 5). */

/** The taxonomy of a product as the department column's tags: department, category, sub-category. */
const taxonomyTags = (row: ProductListRow) => [row.department, row.categories, row.subcategory].filter((ref) => ref?.name).map((ref) => ref.name);

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
export function ProductList({ headingLevel, shopId, canAdd, canEdit, list, listError, target, targetError }: ProductListProps) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeHref = closeOverlayHref(location);

  const columns: Column<ProductListRow>[] = [
    { key: "image", header: <span className="visually-hidden">Image</span>, width: 60, cell: (row) => <Thumbnail row={row} /> },
    { key: "name", header: "Name", sort: "name", cell: (row) => <Text weight="medium">{row.name}</Text> },
    { key: "department", header: "Department", cell: (row) => <TagCell tags={taxonomyTags(row)} product={row.name} /> },
    { key: "price", header: "Price", sort: "price", cell: (row) => <span className="nowrap">{priceLabel(row)}</span> },
    { key: "stock", header: "Stock", sort: "stock", cell: (row) => row.stock },
    { key: "createdAt", header: "Created", sort: "createdAt", cell: (row) => <span className="nowrap">{formatDate(row.createdAt)}</span> },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      align: "right",
      cell: (row) => (
        <Flex gap="2" justify="end">
          <Button asChild size="1" variant="soft">
            <Link to={productEditHref(shopId, row._id)} aria-label={`View ${row.name}`}>
              View
            </Link>
          </Button>
          {canEdit ? (
            <DeleteRowLink id={row._id} name={row.name} />
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Box>
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as={headingLevel === 1 ? "h1" : "h2"} size={headingLevel === 1 ? "6" : "5"}>
          Products
        </Heading>
        {canAdd ? (
          <Button asChild>
            <Link to={productAddHref(shopId)}>Add product</Link>
          </Button>
        ) : null}
      </Flex>

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label="Search products" placeholder="Search name or SKU" />
      </Flex>


      <ListView
        label="Products"
        noun="products"
        columns={columns}
        rows={list?.products ?? []}
        rowKey={(row) => row._id}
        defaultSort={PRODUCT_DEFAULT_SORT}
        page={list}
        error={listError}
        notice={targetError}
        empty={{ filtered: !!params.get("search"), clear: ["search"] }}
      />

      <ConfirmDialog
        open={params.get("confirm") === "delete" && !!target}
        title="Delete product"
        description={target ? PRODUCT_UI_MSG.deleteProductConfirm(target.name) : null}
        cancelHref={closeHref}
        fields={{ intent: "delete", id: target?._id ?? "" }}
        confirmLabel="Delete"
      />
    </Box>
  );
}
