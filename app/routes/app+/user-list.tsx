import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Box, Button, DataList, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { UI_MSG } from "#contract/messages-ui";
import { GENDER_FILTERS, LISTED_ROLES, ROLE_LABELS, type UserDetails, type UserEntity } from "#contract/users";
import { deleteUserFormSchema } from "#contract/users-api";
import { apiFor, listQuery } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { CheckboxGroup, FilterForm, SelectFilter } from "~/components/table/FilterForm";
import { PersonAvatar, PersonCell } from "~/components/table/PersonCell";
import { SearchBox } from "~/components/table/SearchBox";
import { ListView } from "~/components/table/ListView";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import { DeleteRowLink } from "~/components/table/DeleteRowLink";

// spec 1 §6: the user list is admin-only
export const handle = { roles: ["admin"] as const, title: "Users" };
export const meta: MetaFunction = () => [{ title: "Users" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

// spec 1 §9: 10 per page, newest first
const DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;
const FILTERS = ["role", "gender"] as const;
const ROLE_OPTIONS = LISTED_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const GENDER_OPTIONS = GENDER_FILTERS.map((gender) => ({ value: gender, label: gender }));

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const params = new URL(request.url).searchParams;
  const query = { ...listQuery(request, DEFAULT_SORT), role: params.getAll("role"), gender: params.get("gender") };
  // the drawer and the delete dialog both name a user by `id`
  const overlay = params.get("drawer") === "view" || params.get("confirm") === "delete" ? params.get("id") : null;
  const [list, target] = await Promise.all([
    api.get("user/list", query),
    overlay ? api.get(`user/${encodeURIComponent(overlay)}`) : null,
  ]);
  return json(
    {
      list: list.success ? { users: list.data, count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext } : null,
      listError: list.success ? null : list.message,
      target: target?.success ? target.data : null,
      targetError: target && !target.success ? target.message : null,
    },
    { headers: api.headers },
  );
}

// the confirmation posts here; the user goes back to the same list, without the dialog, with the API's message
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const url = new URL(request.url);
  const back = closeOverlayHref(url);
  const form = deleteUserFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  const result = await api.delete(`user/${encodeURIComponent(form.data.id)}`);
  return redirectWithToast(back, { type: result.success ? "success" : "error", message: result.message }, api.headers);
}

const fullName = (user: Pick<UserEntity, "fName" | "lName">) => `${user.fName} ${user.lName}`.trim();
const phone = (user: Pick<UserEntity, "countryCode" | "mobile">) => (user.mobile ? `${user.countryCode ?? ""} ${user.mobile}`.trim() : "");
const gender = (user: Pick<UserEntity, "gender" | "customizeGender">) => (user.gender === "Other" || user.gender === "Others") && user.customizeGender ? user.customizeGender : (user.gender ?? "");
// spec 1 §4: verification tags are gold Pending, green Approved, red Rejected (literal colours: the CSS is pruned to them)
function StatusBadge({ status }: { status: UserEntity["status"] }) {
  if (status === "Approved") return <Badge color="green">Approved</Badge>;
  if (status === "Rejected") return <Badge color="red">Rejected</Badge>;
  return <Badge color="gold">Pending</Badge>;
}

export default function UserList() {
  const { list, listError, target, targetError } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filtered = !!(params.get("search") || params.getAll("role").length || params.get("gender"));
  const closeHref = closeOverlayHref(location);

  const columns: Column<UserEntity>[] = [
    {
      key: "name",
      header: "Name",
      sort: "fName",
      cell: (user) => <PersonCell person={user} />,
    },
    { key: "email", header: "E-mail", sort: "email", cell: (user) => user.email ?? "" },
    { key: "phone", header: "Phone", cell: (user) => <span className="nowrap">{phone(user)}</span> },
    { key: "gender", header: "Gender", sort: "gender", cell: gender },
    { key: "role", header: "Role", sort: "role", cell: (user) => <Badge variant="soft">{ROLE_LABELS[user.role.role]}</Badge> },
    { key: "createdAt", header: "Created", sort: "createdAt", cell: (user) => formatDate(user.createdAt) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      align: "right",
      cell: (user) => (
        <Flex gap="2" justify="end">
          <Button asChild size="1" variant="soft">
            <Link to={listHref(location, { drawer: "view", confirm: null, id: user._id })} preventScrollReset aria-label={`View ${fullName(user)}`}>
              View
            </Link>
          </Button>
          <DeleteRowLink id={user._id} name={fullName(user)} close={{ drawer: null }} />
        </Flex>
      ),
    },
  ];

  return (
    <Box>
      <Flex align="baseline" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          Users
        </Heading>
        <Text size="2" color="gray">
          Customers, influencers, shop owners and staff
        </Text>
      </Flex>

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label="Search users" placeholder="Search name, e-mail or phone" />
        <FilterForm names={FILTERS} label="Filter users">
          <CheckboxGroup legend="Role" name="role" options={ROLE_OPTIONS} selected={params.getAll("role")} />
          <SelectFilter label="Gender" name="gender" options={GENDER_OPTIONS} value={params.get("gender") ?? ""} allLabel="All genders" />
        </FilterForm>
      </Flex>


      <ListView
        label="Users"
        noun="users"
        columns={columns}
        rows={list?.users ?? []}
        rowKey={(user) => user._id}
        defaultSort={DEFAULT_SORT}
        page={list}
        error={listError}
        notice={targetError}
        empty={{ filtered: filtered, clear: ["search", ...FILTERS], filteredText: "your search or filters" }}
      />

      <Drawer open={params.get("drawer") === "view" && !!target} title="User details" closeHref={closeHref} width={500}>
        {target ? <UserDetailsView user={target} /> : null}
      </Drawer>

      <ConfirmDialog
        open={params.get("confirm") === "delete" && !!target}
        title="Delete user"
        description={
          target ? (
            <>
              Are you sure you want to delete <strong>{fullName(target)}</strong>? They will be signed out and no longer listed.
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

function UserDetailsView({ user }: { user: UserDetails }) {
  return (
    <Flex direction="column" gap="5">
      <Flex align="center" gap="4">
        <PersonAvatar person={user} size={72} />
        <Flex direction="column" gap="1">
          <Heading as="h3" size="5">
            {fullName(user)}
          </Heading>
          <Flex gap="2">
            <Badge variant="soft">{ROLE_LABELS[user.role.role]}</Badge>
            {user.role.role === "influencer" ? <StatusBadge status={user.status} /> : null}
          </Flex>
        </Flex>
      </Flex>
      <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }}>
        <Detail label="E-mail" value={user.email} />
        <Detail label="Phone" value={phone(user)} />
        <Detail label="Gender" value={gender(user)} />
        <Detail label="Address" value={user.locations[0]?.address} />
        {user.shop ? (
          <DataList.Item>
            <DataList.Label>Shop</DataList.Label>
            <DataList.Value>
              <RadixLink asChild>
                <Link to={`/app/shop/${user.shop._id}`}>{user.shop.name}</Link>
              </RadixLink>
            </DataList.Value>
          </DataList.Item>
        ) : null}
        {user.role.role === "staff" ? <Detail label="Designation" value={user.designation} /> : null}
        <Detail label="Joined" value={formatDate(user.createdAt)} />
      </DataList.Root>
    </Flex>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{value || <Text color="gray">Not given</Text>}</DataList.Value>
    </DataList.Item>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
