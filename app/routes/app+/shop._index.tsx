import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor, pageNotFound } from "~/services/api.server";
import { GeneralError } from "~/components/layout/GeneralError";

// spec 1 §2: "shop" is a shop owner's route (staff share their console), their own shop; an admin opens shop/{id}
export const handle = { roles: ["shopOwner", "staff"] as const };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, { roles: handle.roles });
  if (!user.shop) throw pageNotFound();
  return redirect(`/app/shop/${user.shop._id}`, { headers: api.headers });
}

// a page (not a resource route), so a refusal renders the shell's 'Page not found'
export default function ShopHome() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
