import { listCsvLoader } from "~/services/list.server";

// The influencer list's 'Export CSV' (ADR 0068): the list's rows as CSV, with the list's search, sort and filters; a plain GET, no JavaScript needed.
export const loader = listCsvLoader({
  access: { roles: ["admin"] },
  file: (api, query) => api.download("user/list/export", { ...query, role: "influencer" }),
});
