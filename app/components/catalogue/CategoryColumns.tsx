import { Flex, Link as RadixLink } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { CategoryRow } from "#contract/categories";
import type { Column } from "~/components/table/DataTable";
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
