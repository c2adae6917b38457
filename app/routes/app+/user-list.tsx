import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteRowAction, listLoader } from "~/services/list.server";
import { USER_LIST_FILTERS, UserList } from "~/components/user/UserList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";

// spec 1 §6: the user list is admin-only
export const handle = { roles: ["admin"] as const, title: "Users" };
export const meta: MetaFunction = () => [{ title: "Users" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

export const loader = listLoader({
  access: handle,
  filters: USER_LIST_FILTERS,
  list: (api, query) => api.get("user/list", query),
  // the drawer and the delete dialog both name a user by `id`
  target: { on: ["drawer=view", "confirm=delete"], load: (api, id) => api.get(`user/${id}`) },
});

// the confirmations post here; the user goes back to the same list, without the dialog, with the API's message (a bulk
// delete's summary)
export const action = deleteRowAction(handle, (id) => `user/${id}`, {
  bulk: {
    noun: "users",
    filters: USER_LIST_FILTERS,
    actions: {
      delete: {
        call: (api, selection) => api.post("user/bulk/delete", selection),
        done: "Deleted",
        removes: true,
      },
    },
  },
});

export default function Users() {
  const data = useLoaderData<typeof loader>();
  return <UserList {...data} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
