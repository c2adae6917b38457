import { USER_LIST_FILTERS } from "~/components/user/UserList";
import { listCsvLoader } from "~/services/list.server";

// The users list's 'Export CSV' (ADR 0068): the list's rows as CSV, with the list's search, sort and filters; a plain GET, no JavaScript needed.
export const loader = listCsvLoader({
  access: { roles: ["admin"] },
  filters: USER_LIST_FILTERS,
  file: (api, query) => api.download("user/list/export", query),
});
