import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { loaderData } from "~/services/api.server";
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
// Radix Themes pruned to the components and colours app/ uses (scripts/radix-css.mjs, ARCHITECTURE §8–§9)
import themesCss from "~/styles/radix.css?url";
import appCss from "~/styles/app.css?url";
import { DEFAULT_PREFS } from "~/lib/prefs";
import { pageDescription } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import { readPrefs } from "~/services/prefs.server";
import { readToast } from "~/services/toast.server";
import { config } from "~/services/config.server";
import { ToastRegion } from "~/components/layout/Toast";
import { GeneralError } from "~/components/layout/GeneralError";
import { themeAttributes } from "~/components/layout/theme";
import { BodyStyles, HeadStyles } from "~/lib/first-visit-css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: themesCss },
  { rel: "stylesheet", href: appCss },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [prefs, { toast, clear }] = await Promise.all([readPrefs(request), readToast(request)]);
  return loaderData({ prefs, toast, brand: config().BRAND_NAME }, clear ? new Headers({ "Set-Cookie": clear }) : null);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const prefs = data?.prefs ?? DEFAULT_PREFS;
  const nonce = useNonce();
  const description = pageDescription(
    useMatches().map((match) => match.handle),
    data?.brand ?? "",
  );
  useEffect(() => {
    // tests and enhancements wait for this before exercising scripted behaviour
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={prefs.locale} dir={prefs.dir} className={prefs.dark ? "dark" : "light"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={description} />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <HeadStyles />
      </head>
      <body>
        <div {...themeAttributes({ root: true, appearance: prefs.dark ? "dark" : "light", color: prefs.color })}>
          {children}
        </div>
        <BodyStyles />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <ToastRegion toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
