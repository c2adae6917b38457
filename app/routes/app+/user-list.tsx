import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { DataList, Heading, Link as RadixLink } from "@radix-ui/themes";
import { Badge, Flex } from "~/components/plain";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { GENDER_FILTERS, LISTED_ROLES, ROLE_LABELS } from "#contract/people/users";
import type { UserDetails, UserEntity } from "#contract/people/users-api";
import { deleteRowAction, listLoader } from "~/services/list.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { CheckboxGroup, SelectFilter } from "~/components/table/FilterForm";
import { ListPage } from "~/components/table/ListPage";
import { PersonAvatar, PersonCell } from "~/components/table/PersonCell";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import { Drawer } from "~/components/layout/Drawer";
import { Detail } from "~/components/layout/Detail";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";

// spec 1 §6: the user list is admin-only
export const handle = { roles: ["admin"] as const, title: "Users" };
export const meta: MetaFunction = () => [{ title: "Users" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

const FILTERS = ["role", "gender"] as const;
const ROLE_OPTIONS = LISTED_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const GENDER_OPTIONS = GENDER_FILTERS.map((gender) => ({ value: gender, label: gender }));

export const loader = listLoader({
  access: handle,
  filters: { role: "many", gender: "one" },
  list: (api, query) => api.get("user/list", query),
  // the drawer and the delete dialog both name a user by `id`
  target: { on: ["drawer=view", "confirm=delete"], load: (api, id) => api.get(`user/${id}`) },
});

// the confirmation posts here; the user goes back to the same list, without the dialog, with the API's message
export const action = deleteRowAction(handle, (id) => `user/${id}`);

const fullName = (user: Pick<UserEntity, "fName" | "lName">) => `${user.fName} ${user.lName}`.trim();
const phone = (user: Pick<UserEntity, "countryCode" | "mobile">) =>
  user.mobile ? `${user.countryCode ?? ""} ${user.mobile}`.trim() : "";
const gender = (user: Pick<UserEntity, "gender" | "customizeGender">) =>
  (user.gender === "Other" || user.gender === "Others") && user.customizeGender
    ? user.customizeGender
    : (user.gender ?? "");
// spec 1 §4: verification tags are gold Pending, green Approved, red Rejected (literal colours: the CSS is pruned to them)
function StatusBadge({ status }: { status: UserEntity["status"] }) {
  if (status === "Approved") return <Badge color="green">Approved</Badge>;
  if (status === "Rejected") return <Badge color="red">Rejected</Badge>;
  return <Badge color="gold">Pending</Badge>;
}

const columns: Column<UserEntity>[] = [
  { key: "name", header: "Name", sort: "fName", cell: (user) => <PersonCell person={user} /> },
  { key: "email", header: "E-mail", sort: "email", cell: (user) => user.email ?? "" },
  { key: "phone", header: "Phone", cell: (user) => <span className="nowrap">{phone(user)}</span> },
  { key: "gender", header: "Gender", sort: "gender", cell: gender },
  {
    key: "role",
    header: "Role",
    sort: "role",
    cell: (user) => <Badge variant="soft">{ROLE_LABELS[user.role.role]}</Badge>,
  },
  { key: "createdAt", header: "Created", sort: "createdAt", cell: (user) => formatDate(user.createdAt) },
  actionsColumn((user) => (
    <>
      <RowLink label="View" name={`View ${fullName(user)}`} open={{ drawer: "view", confirm: null, id: user._id }} />
      <DeleteRowLink id={user._id} name={fullName(user)} close={{ drawer: null }} />
    </>
  )),
];

export default function UserList() {
  const data = useLoaderData<typeof loader>();
  const { target } = data;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return (
    <ListPage
      title="Users"
      subtitle="Customers, influencers, shop owners and staff"
      search={{ label: "Search users", placeholder: "Search name, e-mail or phone" }}
      filters={{
        names: FILTERS,
        label: "Filter users",
        text: "your search or filters",
        fields: (
          <>
            <CheckboxGroup legend="Role" name="role" options={ROLE_OPTIONS} selected={params.getAll("role")} />
            <SelectFilter
              label="Gender"
              name="gender"
              options={GENDER_OPTIONS}
              value={params.get("gender") ?? ""}
              allLabel="All genders"
            />
          </>
        ),
      }}
      noun="users"
      columns={columns}
      data={data}
      remove={{
        title: "Delete user",
        id: target?._id,
        name: target ? fullName(target) : "",
        note: "They will be signed out and no longer listed.",
      }}
    >
      <Drawer
        open={params.get("drawer") === "view" && !!target}
        title="User details"
        closeHref={closeOverlayHref(location)}
        width={500}
      >
        {target ? <UserDetailsView user={target} /> : null}
      </Drawer>
    </ListPage>
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

export function ErrorBoundary() {
  return <GeneralError />;
}
