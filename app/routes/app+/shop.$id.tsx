import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { HistoryLink } from "~/components/audit/HistoryLink";
import { Badge, Box, Flex, Heading, buttonProps } from "~/components/plain";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { loadShop } from "~/services/shop-page.server";
import { loaderData } from "~/services/api.server";
import { PRODUCT_LIST_ACCESS } from "~/services/products.server";
import { STREAM_LIST_ACCESS } from "~/lib/streams";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { AUDIT_ACCESS } from "~/lib/audit";
import { GeneralError } from "~/components/layout/GeneralError";
import shopCss from "~/styles/shop.css?url";
import { can, reachesEveryShop } from "#contract/access/rights";

// spec 1 §2 Shop detail: admins open any shop (from the shop list); an owner or staff member only their own
export const handle = { roles: ["admin", "shopOwner", "staff"] as const };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: shopCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.shop.name ?? "Shop" }];

/** The tabs built so far (spec 1 §2: streams and campaigns come with their issues). */
const TABS = [
  { id: "shopInfo", label: "Shop Info" },
  { id: "commission", label: "Commission" },
  { id: "products", label: "Products" },
  // streams
  { id: "streams", label: "Streams" },
  // campaigns
  { id: "campaigns", label: "Campaigns" },
  // the audit log (ADR 0071)
  { id: "audit", label: "Audit" },
] as const;
type TabId = (typeof TABS)[number]["id"];

// a form on /app/shop/{id} that posts without `?index` (the confirmation dialogs post to the bare URL) reaches the
// layout: it is the Shop Info page's form, so the Shop Info action answers it
export { action } from "./shop.$id.shopInfo";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, shop } = await loadShop(request, params.id);
  // staff without any product access type see no Products tab (ARCHITECTURE §5)
  const hidden: TabId[] = [];
  if (!can(user, PRODUCT_LIST_ACCESS)) hidden.push("products");
  if (!can(user, STREAM_LIST_ACCESS)) hidden.push("streams");
  if (!can(user, CAMPAIGN_PAGE)) hidden.push("campaigns");
  if (!can(user, AUDIT_ACCESS)) hidden.push("audit");
  return loaderData(
    {
      shop: { _id: shop._id, name: shop.name, status: shop.status },
      isAdmin: reachesEveryShop(user),
      hidden,
    },
    api.headers,
  );
}

// spec 1 §4: gold Pending, green Approved, red Rejected
const STATUS_COLOR = { Pending: "gold", Approved: "green", Rejected: "red" } as const;

export default function ShopLayout() {
  const { shop, isAdmin, hidden } = useLoaderData<typeof loader>();
  const tabs = TABS.filter((t) => !hidden.includes(t.id));
  const { pathname } = useLocation();
  const base = `/app/shop/${shop._id}`;
  // spec 1 §2: the tab is the last path segment; /app/shop/{id} itself shows Shop Info
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  const current = TABS.find((t) => t.id === last)?.id ?? "shopInfo";

  return (
    <Flex direction="column" gap="4" className="shop-page">
      {isAdmin ? (
        <Box>
          <Link to="/app/shop-list" {...buttonProps({ variant: "ghost", size: "2" })}>
            ← Back to shops
          </Link>
        </Box>
      ) : null}
      <Flex align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="6" data-testid="shop-name">
          {shop.name}
        </Heading>
        <Badge size="2" color={STATUS_COLOR[shop.status]} data-testid="shop-status">
          {shop.status}
        </Badge>
        <HistoryLink recordType="shop" recordId={shop._id} />
      </Flex>
      <nav aria-label="Shop sections" className="shop-tabs">
        {tabs.map((tab) => (
          // spec 1 §2: a tab change replaces the URL with {shop}/{tab}
          <Link
            key={tab.id}
            to={`${base}/${tab.id}`}
            replace
            preventScrollReset
            aria-current={tab.id === current ? "page" : undefined}
            className="shop-tab"
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
