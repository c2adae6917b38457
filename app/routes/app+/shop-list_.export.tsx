import { SHOP_LIST_FILTERS } from "~/lib/shop-list";
import { listCsvLoader } from "~/services/list.server";

// The shop list's 'Export CSV' (ADR 0068): the list's rows as CSV, with the list's search, sort and filters; a plain GET, no JavaScript needed.
export const loader = listCsvLoader({
  access: { roles: ["admin"] },
  filters: SHOP_LIST_FILTERS,
  file: (api, query) => api.download("shop/list/export", query),
});
