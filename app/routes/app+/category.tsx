import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Box, Button, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { CategoryRow } from "#contract/categories";
import { UI_MSG } from "#contract/messages-ui";
import { apiFor, listQuery } from "~/services/api.server";
import { addCategory, readCategoryForm, type CategoryFormReply } from "~/services/category.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { SearchBox } from "~/components/table/SearchBox";
import { ListView } from "~/components/table/ListView";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import { AddCategoryForm, CategoryThumb } from "~/components/catalogue/CategoryForms";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import catalogueCss from "~/styles/catalogue.css?url";
import { DeleteRowLink } from "~/components/table/DeleteRowLink";

// spec 2 §6: category administration is admin-only
export const handle = { roles: ["admin"] as const, title: "Categories" };
export const meta: MetaFunction = () => [{ title: "Categories" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: catalogueCss },
];

// spec 2 §9: 10 per page, newest first; the top level is departments (level 0)
const DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const params = new URL(request.url).searchParams;
  const query = listQuery(request, DEFAULT_SORT);
  const deleting = params.get("confirm") === "delete" ? params.get("id") : null;
  const [list, target] = await Promise.all([
    api.post("category/list", { level: 0 }, query),
    deleting ? api.get(`category/${encodeURIComponent(deleting)}`) : null,
  ]);
  return json(
    {
      list: list.success ? { departments: list.data, count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext } : null,
      listError: list.success ? null : list.message,
      target: target?.success ? target.data : null,
    },
    { headers: api.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const url = new URL(request.url);
  const back = closeOverlayHref(url);
  const form = await readCategoryForm(request, api);
  const intent = form.formData.get("intent");
  if (intent === "add") return addCategory(api, form, { parent: null, back });
  // the delete confirmation
  const id = String(form.formData.get("id") ?? "");
  if (intent !== "delete" || !id) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  const result = await api.delete(`category/${encodeURIComponent(id)}`);
  return redirectWithToast(back, { type: result.success ? "success" : "error", message: result.message }, api.headers);
}

export default function CategoryList() {
  const { list, listError, target } = useLoaderData<typeof loader>();
  const actionData = useActionData<CategoryFormReply>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeHref = closeOverlayHref(location);

  const columns: Column<CategoryRow>[] = [
    {
      key: "name",
      header: "Department",
      sort: "name",
      cell: (c) => (
        <Flex align="center" gap="3">
          <CategoryThumb image={c.image} name={c.name} />
          <RadixLink asChild weight="medium">
            <Link to={`/app/${c._id}/sub-category`}>{c.name}</Link>
          </RadixLink>
        </Flex>
      ),
    },
    { key: "children", header: "Categories", align: "right", cell: (c) => c.childCount },
    { key: "shops", header: "Shops", align: "right", cell: (c) => c.shopCount },
    { key: "createdAt", header: "Created", sort: "createdAt", cell: (c) => formatDate(c.createdAt) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      align: "right",
      cell: (c) => (
        <Flex gap="2" justify="end">
          <Button asChild size="1" variant="soft">
            <Link to={`/app/${c._id}/sub-category`} aria-label={`Open ${c.name}`}>
              Open
            </Link>
          </Button>
          <DeleteRowLink id={c._id} name={c.name} close={{ drawer: null }} />
        </Flex>
      ),
    },
  ];

  return (
    <Box>
      <Flex align="baseline" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          Categories
        </Heading>
        <Text size="2" color="gray">
          Departments, their categories and sub-categories
        </Text>
      </Flex>

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label="Search departments" placeholder="Search departments" />
        <Button asChild>
          <Link to={listHref(location, { drawer: "add", confirm: null, id: null })} preventScrollReset>
            Add Department
          </Link>
        </Button>
      </Flex>

      <ListView
        label="Departments"
        noun="departments"
        columns={columns}
        rows={list?.departments ?? []}
        rowKey={(c) => c._id}
        defaultSort={DEFAULT_SORT}
        page={list}
        error={listError}
        empty={{ filtered: !!params.get("search"), clear: ["search"] }}
      />

      <Drawer open={params.get("drawer") === "add"} title="Add Department" closeHref={closeHref} width={500}>
        <AddCategoryForm id="add-department" nameLabel="Department Name" submitLabel="Add Department" lastResult={actionData?.intent === "add" ? actionData.result : undefined} />
      </Drawer>

      <ConfirmDialog
        open={params.get("confirm") === "delete" && !!target}
        title="Delete department"
        description={
          target ? (
            <>
              Are you sure you want to delete <strong>{target.name}</strong>?{" "}
              {target.childCount ? <Badge color="orange">It still has {target.childCount} categories, so it will not be deleted.</Badge> : null}
            </>
          ) : null
        }
        cancelHref={closeHref}
        fields={{ intent: "delete", id: target?._id ?? "" }}
        confirmLabel="Delete"
      />
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
