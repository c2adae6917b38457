import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { GeneralError } from "~/components/layout/GeneralError";

export const handle = { roles: ["admin", "shopOwner", "staff"] as const };

// spec 1 §2: "shop" in the shop-owner menu is the user's own shop; an admin has none and picks one from the shop list
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, { roles: handle.roles });
  return redirect(user.shop ? `/app/shop/${user.shop._id}` : "/app/shop-list", { headers: api.headers });
}

// a page (not a resource route), so a refusal renders the shell's 'Page not found'
export default function ShopHome() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
