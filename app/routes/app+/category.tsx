import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { apiFor } from "~/services/api.server";
import { deleteRow, listLoader } from "~/services/list.server";
import { addCategory, readCategoryForm } from "~/services/category.server";
import { closeOverlayHref } from "~/lib/url-state";
import { ListPage } from "~/components/table/ListPage";
import { GeneralError } from "~/components/layout/GeneralError";
import { AddCategoryForm } from "~/components/catalogue/CategoryForms";
import { deleteBlockedReason, departmentColumns } from "~/components/catalogue/CategoryColumns";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import catalogueCss from "~/styles/catalogue.css?url";

// spec 2 §6: category administration is admin-only
export const handle = { roles: ["admin"] as const, title: "Categories" };
export const meta: MetaFunction = () => [{ title: "Categories" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: catalogueCss },
];

export const loader = listLoader({
  access: handle,
  list: (api, query) => api.post("category/list", { level: 0 }, query),
  target: { on: ["confirm=delete"], load: (api, id) => api.get(`category/${id}`) },
});

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const form = await readCategoryForm(request, api);
  if (form.formData.get("intent") === "add")
    return addCategory(api, form, { parent: null, back: closeOverlayHref(new URL(request.url)) });
  return deleteRow(api, request, form.formData, (id) => `category/${id}`);
}

export default function CategoryList() {
  const data = useLoaderData<typeof loader>();
  const { target } = data;
  const actionData = useActionData<typeof action>();

  return (
    <ListPage
      csv="/app/category/export"
      title="Categories"
      subtitle="Departments, their categories and sub-categories"
      add={{ label: "Add Department", open: { drawer: "add", confirm: null, id: null } }}
      search={{ label: "Search departments", placeholder: "Search departments" }}
      label="Departments"
      noun="departments"
      columns={departmentColumns}
      data={data}
      remove={{
        title: "Delete department",
        id: target?._id,
        name: target?.name,
        blocked: target ? deleteBlockedReason(target) : null,
      }}
      drawer={{
        param: "add",
        title: "Add Department",
        body: (
          <AddCategoryForm
            id="add-department"
            nameLabel="Department Name"
            submitLabel="Add Department"
            lastResult={actionData?.intent === "add" ? actionData.result : undefined}
          />
        ),
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
