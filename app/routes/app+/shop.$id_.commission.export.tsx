import { listCsvLoader } from "~/services/list.server";

// A shop's commission list's 'Export CSV' (ADR 0068): the list's rows as CSV, with the list's search, sort and filters; a plain GET, no JavaScript needed.
export const loader = listCsvLoader({
  access: { roles: ["admin", "shopOwner", "staff"] },
  file: (api, query, { params }) =>
    api.download(`shop/commission/${encodeURIComponent(params.id ?? "")}/export`, query),
});
