import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { UI_MSG } from "#contract/messages-ui";
import { categoryChips, type ShopListRow } from "#contract/shops";
import { shopListFormSchema } from "#contract/shops-api";
import { apiFor, listQuery } from "~/services/api.server";
import { redirectWithToast, savedThenReturn, savedThenReturnHeaders, type Saved } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { CheckboxGroup, FilterForm } from "~/components/table/FilterForm";
import { PersonAvatar } from "~/components/table/PersonCell";
import { SearchBox } from "~/components/table/SearchBox";
import { ListView } from "~/components/table/ListView";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { GeneralError } from "~/components/layout/GeneralError";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { StatusTag } from "~/components/verification/StatusTag";
import { STATUS_INTENT, VerificationDialog } from "~/components/verification/VerificationDialog";
import tableCss from "~/styles/table.css?url";
import { DeleteRowLink } from "~/components/table/DeleteRowLink";

// spec 1 §2 Shops list (admin): search, department filter, chips, Add Shop, View, verification, delete
export const handle = { roles: ["admin"] as const, title: "Shops" };
export const meta: MetaFunction = () => [{ title: "Shops" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];
// a status change answers with a Refresh header: the list comes back after about 1 s, also without JavaScript
export const headers = savedThenReturnHeaders;

// spec 1 §9: 10 per page, newest first
const DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;
const FILTERS = ["category"] as const;
const DELETE = "delete";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const params = new URL(request.url).searchParams;
  const query = { ...listQuery(request, DEFAULT_SORT), category: params.getAll("category") };
  const overlay = params.get("confirm") === STATUS_INTENT || params.get("confirm") === DELETE ? params.get("id") : null;
  const [list, departments, target] = await Promise.all([
    api.get("shop/list", query),
    // the filter's choices: a shop's categories are departments (level 0)
    api.post("category/list", { level: 0 }, { sort: "name", sortType: "asc", limit: 100 }),
    overlay ? api.get(`shop/getdetails/${encodeURIComponent(overlay)}`) : null,
  ]);
  return json(
    {
      list: list.success ? { shops: list.data, count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext } : null,
      listError: list.success ? null : list.message,
      departments: departments.success ? departments.data.map((d) => ({ value: d._id, label: d.name })) : [],
      target: target?.success ? { _id: target.data._id, name: target.data.name, status: target.data.status, ownerId: target.data.ownerId?._id ?? "" } : null,
    },
    { headers: api.headers },
  );
}

type ActionData = { statusError: string } | Saved;

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const back = closeOverlayHref(new URL(request.url));
  const form = shopListFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  if (form.data.intent === DELETE) {
    const result = await api.delete(`shop/${encodeURIComponent(form.data.id)}`);
    return redirectWithToast(back, { type: result.success ? "success" : "error", message: result.message }, api.headers);
  }
  // spec 1 §4: nothing chosen is 'Please Change the Status' (the API says the same for the current status)
  if (!form.data.status) return json<ActionData>({ statusError: UI_MSG.statusUnchanged }, { status: 400, headers: api.headers });
  const result = await api.put("shop/verification", { _id: form.data.id, status: form.data.status, ownerId: form.data.ownerId || undefined });
  if (result.httpStatus === 404) return redirectWithToast(back, { type: "error", message: result.message }, api.headers);
  if (!result.success) return json<ActionData>({ statusError: result.message }, { status: result.httpStatus, headers: api.headers });
  // spec 1 §4: the dialog closes, the message shows, and the list refreshes after about 1 s
  return savedThenReturn(back, result.message, api.headers);
}

const ownerName = (shop: ShopListRow) => (shop.ownerId ? `${shop.ownerId.fName} ${shop.ownerId.lName}`.trim() : "");
const ownerPhone = (shop: ShopListRow) => (shop.ownerId?.mobile ? `${shop.ownerId.countryCode ?? ""} ${shop.ownerId.mobile}`.trim() : "");

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
        <Badge variant="outline" color="gray" title={categories.slice(shown.length).map((c) => c.name).join(", ")} aria-label={`${more} more: ${categories.slice(shown.length).map((c) => c.name).join(", ")}`}>
          {`+${more}`}
        </Badge>
      ) : null}
    </Flex>
  );
}

export default function ShopList() {
  const { list, listError, departments, target } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const confirm = params.get("confirm");
  const filtered = !!(params.get("search") || params.getAll("category").length);
  const closeHref = closeOverlayHref(location);
  const saved = actionData && "saved" in actionData ? actionData.saved : null;
  const statusError = actionData && "statusError" in actionData ? actionData.statusError : null;

  const columns: Column<ShopListRow>[] = [
    {
      key: "name",
      header: "Shop",
      sort: "name",
      cell: (shop) => (
        <Flex align="center" gap="2">
          <PersonAvatar person={{ fName: shop.name, lName: shop.name.split(" ")[1] ?? "", image: shop.image === "null" ? null : shop.image }} />
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
          <Button asChild size="1" variant="ghost">
            <Link to={listHref(location, { confirm: STATUS_INTENT, id: shop._id })} preventScrollReset aria-label={`Change the status of ${shop.name}`}>
              Change
            </Link>
          </Button>
        </Flex>
      ),
    },
    { key: "createdAt", header: "Created", sort: "createdAt", cell: (shop) => formatDate(shop.createdAt) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      align: "right",
      cell: (shop) => (
        <Flex gap="2" justify="end">
          {/* spec 1 §2: no View for a Rejected shop */}
          {shop.status !== "Rejected" ? (
            <Button asChild size="1" variant="soft">
              <Link to={`/app/shop/${shop._id}/shopInfo`} aria-label={`View ${shop.name}`}>
                View
              </Link>
            </Button>
          ) : null}
          <DeleteRowLink id={shop._id} name={shop.name} />
        </Flex>
      ),
    },
  ];

  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          Shops
        </Heading>
        <Button asChild>
          <Link to="/app/add-shop">Add Shop</Link>
        </Button>
      </Flex>

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label="Search shops" placeholder="Search shop, e-mail or owner" />
        {departments.length ? (
          <FilterForm names={FILTERS} label="Filter shops">
            <CheckboxGroup legend="Category" name="category" options={departments} selected={params.getAll("category")} />
          </FilterForm>
        ) : null}
      </Flex>

      <ListView
        label="Shops"
        noun="shops"
        columns={columns}
        rows={list?.shops ?? []}
        rowKey={(shop) => shop._id}
        defaultSort={DEFAULT_SORT}
        page={list}
        error={listError}
        empty={{ filtered: filtered, clear: ["search", ...FILTERS], filteredText: "your search or categories" }}
      />

      <VerificationDialog
        open={confirm === STATUS_INTENT && !!target && !saved}
        title="Change Status"
        description={target ? <>Verification of the shop <strong>{target.name}</strong></> : null}
        current={target?.status ?? "Pending"}
        cancelHref={closeHref}
        fields={{ id: target?._id ?? "", ownerId: target?.ownerId ?? "" }}
        error={statusError}
      />

      <ConfirmDialog
        open={confirm === DELETE && !!target}
        title="Delete shop"
        description={target ? UI_MSG.deleteShopConfirm(target.name) : null}
        cancelHref={closeHref}
        fields={{ intent: DELETE, id: target?._id ?? "" }}
        confirmLabel="Delete"
      />
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
