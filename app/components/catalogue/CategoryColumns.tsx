import { Link as RadixLink } from "@radix-ui/themes";
import { Flex } from "~/components/plain";
import { Link } from "~/components/remix";
import type { CategoryRow } from "#contract/catalogue/categories-api";
import { formatDate } from "~/lib/format";
import type { Column } from "~/components/table/DataTable";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import { CategoryThumb } from "./CategoryForms";

/** The first column of the category lists (departments, and a category's children): picture and a link to its page. */
export const categoryNameColumn = (header: string, sort?: string): Column<CategoryRow> => ({
  key: "name",
  header,
  sort,
  cell: (c) => (
    <Flex align="center" gap="3">
      <CategoryThumb image={c.image} name={c.name} />
      <RadixLink asChild weight="medium">
        <Link to={`/app/${c._id}/sub-category`}>{c.name}</Link>
      </RadixLink>
    </Flex>
  ),
});

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a category cannot be deleted as it stands, or null (the API refuses the same, ADR 0013): a department's children
 * are categories and shops choose departments; a category's children are sub-categories. Products and commissions sit on
 * sub-categories, so the API's refusal names those.
 */
export function deleteBlockedReason(c: Pick<CategoryRow, "level" | "childCount" | "shopCount">): string | null {
  const children = c.childCount
    ? count(c.childCount, c.level === 0 ? "category" : "sub-category", c.level === 0 ? "categories" : "sub-categories")
    : "";
  const shops = c.level === 0 && c.shopCount ? `${count(c.shopCount, "shop sells", "shops sell")} in it` : "";
  if (!children && !shops) return null;
  const what = c.level === 0 ? "department" : "category";
  return `This ${what} cannot be deleted: ${[children ? `it has ${children}` : "", shops].filter(Boolean).join(" and ")}.`;
}

/** The departments list (/app/category): each department, its counts, and Open and Delete. */
export const departmentColumns: Column<CategoryRow>[] = [
  categoryNameColumn("Department", "name"),
  { key: "children", header: "Categories", align: "right", cell: (c) => c.childCount },
  { key: "shops", header: "Shops", align: "right", cell: (c) => c.shopCount },
  { key: "createdAt", header: "Created", sort: "createdAt", cell: (c) => formatDate(c.createdAt) },
  actionsColumn((c) => (
    <>
      <RowLink label="Open" name={`Open ${c.name}`} to={`/app/${c._id}/sub-category`} />
      <DeleteRowLink id={c._id} name={c.name} close={{ drawer: null }} />
    </>
  )),
];
