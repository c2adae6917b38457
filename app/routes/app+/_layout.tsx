import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { apiFor } from "~/services/api.server";
import { readPrefs } from "~/services/prefs.server";
import { menuFor } from "~/lib/menu";
import { Shell } from "~/components/layout/Shell";
import { GeneralError } from "~/components/layout/GeneralError";

export const handle = { roles: ["admin", "shopOwner", "staff"] as const };

// spec 1 §2: /app needs a session; the origin is remembered for after sign-in
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await apiFor(request, { roles: handle.roles });
  const prefs = await readPrefs(request);
  const menu = menuFor(user.role.role as "admin" | "shopOwner" | "staff", user.permissions).map((e) => ({
    key: e.key,
    path: e.key === "shop" && user.shop ? `/app/shop/${user.shop._id}` : e.path,
    label: e.labels[prefs.locale],
  }));
  return json({ user, menu, prefs, brand: process.env.BRAND_NAME || "LiveShop", year: new Date().getFullYear() }, { headers: api.headers });
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <Shell {...data}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
