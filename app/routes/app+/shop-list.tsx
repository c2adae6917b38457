import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Flex, Text } from "~/components/plain";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { UI_MSG } from "#contract/core/messages-ui";
import { categoryChips } from "#contract/shops/shops";
import type { ShopListRow } from "#contract/shops/shops-api";
import { shopStatusFormSchema } from "#contract/shops/shops-api";
import { apiFor } from "~/services/api.server";
import { bulkRows, deleteRow, listLoader, pickData, type BulkSpec } from "~/services/list.server";
import { redirectWithToast, savedThenReturn, savedThenReturnHeaders, type Saved } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { SHOP_LIST_FILTERS } from "~/lib/shop-list";
import { PersonAvatar } from "~/components/table/PersonCell";
import { ListPage } from "~/components/table/ListPage";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import { GeneralError } from "~/components/layout/GeneralError";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { StatusTag } from "~/components/verification/StatusTag";
import { STATUS_INTENT, VerificationDialog, bulkStatusAction } from "~/components/verification/VerificationDialog";
import { bulkDeleteAction } from "~/components/table/BulkActions";
import tableCss from "~/styles/table.css?url";

// spec 1 §2 Shops list (admin): search, department filter, chips, Add Shop, View, verification, delete
export const handle = { roles: ["admin"] as const, title: "Shops" };
export const meta: MetaFunction = () => [{ title: "Shops" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];
// a status change answers with a Refresh header: the list comes back after about 1 s, also without JavaScript
export const headers = savedThenReturnHeaders;

const DELETE = "delete";

export const loader = listLoader({
  access: handle,
  filters: SHOP_LIST_FILTERS,
  list: (api, query) => api.get("shop/list", query),
  target: {
    on: [`confirm=${STATUS_INTENT}`, `confirm=${DELETE}`],
    load: async (api, id) =>
      pickData(await api.get(`shop/getdetails/${id}`), (shop) => ({
        _id: shop._id,
        name: shop.name,
        status: shop.status,
        ownerId: shop.ownerId?._id ?? "",
      })),
  },
  // the filter's choices: a shop's categories are departments (level 0)
  extra: async ({ api }) => {
    const departments = await api.get("category/departments");
    return { departments: departments.success ? departments.data.map((d) => ({ value: d._id, label: d.name })) : [] };
  },
});

type ActionData = { statusError: string } | Saved;

/** The list's bulk actions (ADR 0074): verification to one status, and delete, each shop as the single action checks it. */
const SHOP_BULK: BulkSpec = {
  noun: "shops",
  filters: SHOP_LIST_FILTERS,
  actions: {
    [STATUS_INTENT]: {
      call: (api, selection, form) =>
        api.post("shop/bulk/verification", { ...selection, status: String(form.get("status") ?? "") }),
      done: "Changed the status of",
    },
    [DELETE]: { call: (api, selection) => api.post("shop/bulk/delete", selection), done: "Deleted", removes: true },
  },
};

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const back = closeOverlayHref(new URL(request.url));
  const formData = await request.formData();
  if (formData.get("intent") === DELETE) return deleteRow(api, request, formData, (id) => `shop/${id}`);
  if (formData.get("intent") === "bulk") return bulkRows(api, request, formData, SHOP_BULK);
  const form = shopStatusFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  // spec 1 §4: nothing chosen is 'Please Change the Status' (the API says the same for the current status)
  if (!form.data.status)
    return json<ActionData>({ statusError: UI_MSG.statusUnchanged }, { status: 400, headers: api.headers });
  const result = await api.put("shop/verification", {
    _id: form.data.id,
    status: form.data.status,
    ownerId: form.data.ownerId || undefined,
  });
  if (result.httpStatus === 404)
    return redirectWithToast(back, { type: "error", message: result.message }, api.headers);
  if (!result.success)
    return json<ActionData>({ statusError: result.message }, { status: result.httpStatus, headers: api.headers });
  // spec 1 §4: the dialog closes, the message shows, and the list refreshes after about 1 s
  return savedThenReturn(back, result.message, api.headers);
}

const ownerName = (shop: ShopListRow) => (shop.ownerId ? `${shop.ownerId.fName} ${shop.ownerId.lName}`.trim() : "");
const ownerPhone = (shop: ShopListRow) =>
  shop.ownerId?.mobile ? `${shop.ownerId.countryCode ?? ""} ${shop.ownerId.mobile}`.trim() : "";

/** spec 1 §2: at most 3 category chips, then '+N' (the rest in its title). */
function CategoryChips({ categories }: { categories: ShopListRow["categories"] }) {
  const { shown, more } = categoryChips(categories);
  return (
    <Flex gap="1" wrap="wrap" data-testid="category-chips">
      {shown.map((c) => (
        <Badge key={c._id} variant="soft" color="gray">
          {c.name}
        </Badge>
      ))}
      {more ? (
        <Badge
          variant="outline"
          color="gray"
          title={categories
            .slice(shown.length)
            .map((c) => c.name)
            .join(", ")}
          aria-label={`${more} more: ${categories
            .slice(shown.length)
            .map((c) => c.name)
            .join(", ")}`}
        >
          {`+${more}`}
        </Badge>
      ) : null}
    </Flex>
  );
}

const columns: Column<ShopListRow>[] = [
  {
    key: "name",
    header: "Shop",
    sort: "name",
    cell: (shop) => (
      <Flex align="center" gap="2">
        <PersonAvatar
          person={{
            fName: shop.name,
            lName: shop.name.split(" ")[1] ?? "",
            image: shop.image === "null" ? null : shop.image,
          }}
        />
        <Flex direction="column">
          <Text weight="medium">{shop.name}</Text>
          <Text size="1" color="gray">
            {shop.email}
          </Text>
        </Flex>
      </Flex>
    ),
  },
  {
    key: "owner",
    header: "Owner",
    cell: (shop) => (
      <Flex direction="column">
        <Text>{ownerName(shop)}</Text>
        <Text size="1" color="gray" className="nowrap">
          {ownerPhone(shop)}
        </Text>
      </Flex>
    ),
  },
  { key: "categories", header: "Categories", cell: (shop) => <CategoryChips categories={shop.categories} /> },
  {
    key: "status",
    header: "Status",
    sort: "status",
    cell: (shop) => (
      <Flex gap="2" align="center">
        <StatusTag status={shop.status} />
        <RowLink
          label="Change"
          name={`Change the status of ${shop.name}`}
          variant="ghost"
          open={{ confirm: STATUS_INTENT, id: shop._id }}
        />
      </Flex>
    ),
  },
  { key: "createdAt", header: "Created", sort: "createdAt", cell: (shop) => formatDate(shop.createdAt) },
  actionsColumn((shop) => (
    <>
      {/* spec 1 §2: no View for a Rejected shop */}
      {shop.status !== "Rejected" ? (
        <RowLink label="View" name={`View ${shop.name}`} to={`/app/shop/${shop._id}/shopInfo`} />
      ) : null}
      <DeleteRowLink id={shop._id} name={shop.name} />
    </>
  )),
];

const bulkActions = [
  bulkStatusAction("A rejected shop's people are signed out."),
  bulkDeleteAction("Their owners and staff will no longer be able to sign in."),
];

export default function ShopList() {
  const data = useLoaderData<typeof loader>();
  const { departments, target } = data;
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const { saved } = answerOf(actionData);
  const statusError = actionData && "statusError" in actionData ? actionData.statusError : null;

  return (
    <ListPage
      csv="/app/shop-list/export"
      title="Shops"
      add={{ label: "Add Shop", to: "/app/add-shop" }}
      search={{ label: "Search shops", placeholder: "Search shop, e-mail or owner" }}
      filters={
        departments.length
          ? {
              of: SHOP_LIST_FILTERS,
              label: "Filter shops",
              text: "your search or categories",
              choices: { category: departments },
            }
          : null
      }
      noun="shops"
      columns={columns}
      data={data}
      remove={{
        title: "Delete shop",
        id: target?._id,
        description: target ? UI_MSG.deleteShopConfirm(target.name) : null,
      }}
      bulk={{ actions: bulkActions, rowName: (shop) => shop.name }}
    >
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <VerificationDialog
        open={params.get("confirm") === STATUS_INTENT && !!target && !saved}
        title="Change Status"
        description={
          target ? (
            <>
              Verification of the shop <strong>{target.name}</strong>
            </>
          ) : null
        }
        current={target?.status ?? "Pending"}
        cancelHref={closeOverlayHref(location)}
        fields={{ id: target?._id ?? "", ownerId: target?.ownerId ?? "" }}
        error={statusError}
      />
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
