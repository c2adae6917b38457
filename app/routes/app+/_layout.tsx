import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData } from "@remix-run/react";
import { apiFor, loaderData } from "~/services/api.server";
import { readPrefs } from "~/services/prefs.server";
import { config } from "~/services/config.server";
import { unreadTotal } from "~/services/chat.server";
import { menuFor } from "~/lib/menu";
import { MENU_PARAM } from "~/components/layout/MenuSearch";
import { PANEL_PARAM, Shell } from "~/components/layout/Shell";
import { GeneralError } from "~/components/layout/GeneralError";
import { SeedingNote } from "~/components/layout/SeedingNote";
import { seeding } from "#server-shared/seeding";

export const handle = { roles: ["admin", "shopOwner", "staff"] as const };

// spec 1 §2: /app needs a session (the origin is remembered for after sign-in); each role sees its own menu
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await apiFor(request, { roles: handle.roles });
  const entries = menuFor(user.role.role, user.permissions);
  // the Chat entry shows the user's unread messages (GET chat/unread: one query), only to those who have the entry
  const [prefs, unread] = await Promise.all([
    readPrefs(request),
    entries.some((e) => e.key === "chat") ? unreadTotal(api) : null,
  ]);
  const menu = entries.map((e) => ({
    key: e.key,
    // the shop entry is the user's own shop page (spec 1 §6: a shop owner lands on their own shop)
    path: e.key === "shop" && user.shop ? `/app/shop/${user.shop._id}` : e.path,
    label: e.labels[prefs.locale],
    icon: e.icon,
    ...(e.key === "chat" && unread !== null ? { count: unread } : {}),
  }));
  return loaderData(
    { user, menu, prefs, brand: config().BRAND_NAME, year: new Date().getFullYear(), seeding: seeding() },
    api.headers,
  );
}

// opening the theme panel or searching the menu changes nothing this loader returns; going to another page runs it
// again, so the Chat entry's unread count is that page's (pages without a live chat load no chat client)
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(PANEL_PARAM);
    params.delete(MENU_PARAM);
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <Shell {...data}>
      <SeedingNote seeding={data.seeding} />
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
