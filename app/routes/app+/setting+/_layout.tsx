import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Heading } from "@radix-ui/themes";
import { Outlet, useLoaderData } from "@remix-run/react";
import { NavLink } from "~/components/remix";
import { apiFor } from "~/services/api.server";
import { config } from "~/services/config.server";
import { GeneralError } from "~/components/layout/GeneralError";
import settingsCss from "~/styles/settings.css?url";
import { reachesEveryShop } from "#contract/access/rights";

export const handle = { roles: ["admin", "shopOwner", "staff"] as const, title: "Settings" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsCss }];

// spec 1 §2 Settings area: Edit Profile for everyone, Change Password for admins only; Billing and Notification have no entry
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await apiFor(request, { roles: handle.roles });
  const isAdmin = reachesEveryShop(user);
  const menu = [
    { to: "/app/setting/edit-profile", label: "Edit Profile" },
    ...(isAdmin ? [{ to: "/app/setting/change-password", label: "Change Password" }] : []),
    // the demo SMS outbox exists only while no SMS provider is configured (ARCHITECTURE §6)
    ...(isAdmin && !config().TWILIO_ACCOUNT_SID ? [{ to: "/app/setting/outbox", label: "SMS outbox" }] : []),
  ];
  return json({ menu }, { headers: api.headers });
}

export default function SettingsLayout() {
  const { menu } = useLoaderData<typeof loader>();
  return (
    <Box>
      <Heading as="h1" size="6" mb="4">
        Settings
      </Heading>
      <div className="settings">
        <nav aria-label="Settings" className="settings-menu">
          <ul>
            {menu.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} prefetch="intent">
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="settings-content">
          <Outlet />
        </section>
      </div>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
