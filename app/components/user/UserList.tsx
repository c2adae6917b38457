import { DataList, Heading, Link as RadixLink } from "@radix-ui/themes";
import { Badge, Flex } from "~/components/plain";
import { Link } from "~/components/remix";
import { GENDER_FILTERS, LISTED_ROLES, ROLE_LABELS } from "#contract/people/users";
import type { UserDetails, UserEntity } from "#contract/people/users-api";
import { formatDate } from "~/lib/format";
import { asOptions, checkboxes, select } from "~/lib/list-filters";
import type { Column } from "~/components/table/DataTable";
import { ListPage, type ListData } from "~/components/table/ListPage";
import { PersonAvatar, PersonCell } from "~/components/table/PersonCell";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import { bulkDeleteAction } from "~/components/table/BulkActions";
import { Detail } from "~/components/layout/Detail";

export const USER_LIST_FILTERS = {
  role: checkboxes(
    "Role",
    LISTED_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  ),
  gender: select("Gender", { all: "All genders", options: asOptions(GENDER_FILTERS) }),
};

export interface UserListProps extends ListData<UserEntity> {
  /** the user the drawer or the delete dialog names */
  target: UserDetails | null;
}

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

/** The user list (spec 1 §6): search, role and gender filters, the details drawer and the delete confirmation. */
export function UserList({ target, ...data }: UserListProps) {
  return (
    <ListPage
      csv="/app/user-list/export"
      title="Users"
      subtitle="Customers, influencers, shop owners and staff"
      search={{ label: "Search users", placeholder: "Search name, e-mail or phone" }}
      filters={{ of: USER_LIST_FILTERS, label: "Filter users" }}
      noun="users"
      columns={columns}
      data={data}
      remove={{
        title: "Delete user",
        id: target?._id,
        name: target ? fullName(target) : "",
        note: "They will be signed out and no longer listed.",
      }}
      drawer={{ title: "User details", body: target ? <UserDetailsView user={target} /> : null }}
      bulk={{
        rowName: fullName,
        actions: [
          bulkDeleteAction("They will be signed out and no longer listed. Each is checked as a single delete is."),
        ],
      }}
    />
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
