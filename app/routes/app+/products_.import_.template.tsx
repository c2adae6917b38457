import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";

// The product import's template (ADR 0073): the API's CSV of the columns, passed on as a download.
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: ["shopOwner", "staff"], staff: ["product:add"] });
  return api.download("product/import/template");
}
