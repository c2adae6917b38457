import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiFor } from "~/services/api.server";

/** The admins' static sample pages (spec 1 §2: invoice, pricing, faq): signed-in admins only, nothing to load. */
const STATIC_PAGE_ROLES = ["admin"] as const;
export async function staticPageLoader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: STATIC_PAGE_ROLES });
  return json(null, { headers: api.headers });
}
