import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Box, Card, Flex as RadixFlex } from "@radix-ui/themes";
import { Badge, Flex, Text } from "~/components/plain";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { can } from "#contract/access/rights";
import { couponDisplayStatus } from "#contract/coupons/coupons";
import type { CouponEntity, CouponOrder, CouponOrderStats, CouponStats } from "#contract/coupons/coupons-api";
import { listLoader } from "~/services/list.server";
import { formatDate, formatMoney } from "~/lib/format";
import { listHref } from "~/lib/url-state";
import { orderDetailHref } from "~/lib/orders";
import type { Column } from "~/components/table/DataTable";
import { ListPage } from "~/components/table/ListPage";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import couponsCss from "~/styles/coupons.css?url";

// spec 2 §2 Coupons list. Staff need the coupon module (add or edit) to see it.
export const handle = { roles: ["admin", "shopOwner", "staff"] as const, module: "coupon" as const, title: "Coupons" };
export const meta: MetaFunction = () => [{ title: "Coupons" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: couponsCss },
];

const ORDERS = "orders";

interface CouponPanel {
  coupon: CouponEntity;
  orders: { rows: CouponOrder[]; count: number; isNext: boolean; page: number };
  stats: CouponOrderStats | null;
}

export const loader = listLoader({
  access: handle,
  list: (api, query) => api.get("coupon", query),
  // the coupon-orders side panel (spec 2 §2): the coupon, its orders 10 a page (`opage`), and their totals
  target: {
    on: [`drawer=${ORDERS}`],
    load: async (api, id, { search }) => {
      const page = Math.max(1, Number(search.get("opage")) || 1);
      const [coupon, orders, stats] = await Promise.all([
        api.get(`coupon/${id}`),
        api.get(`coupon/orders/${id}`, { page }),
        api.get(`coupon/order/stats/${id}`),
      ]);
      if (!coupon.success) return coupon as unknown as typeof coupon & { data: CouponPanel };
      const panel: CouponPanel = {
        coupon: coupon.data,
        orders: orders.success
          ? { rows: orders.data, count: orders.count ?? 0, isNext: !!orders.isNext, page }
          : { rows: [], count: 0, isNext: false, page },
        stats: stats.success ? stats.data : null,
      };
      return { ...coupon, data: panel };
    },
  },
  extra: async ({ api, door }) => {
    const stats = await api.get("coupon/stats");
    return {
      stats: stats.success ? stats.data : null,
      statsError: stats.success ? null : stats.message,
      canAdd: can(door.user, "coupon:add"),
      canEdit: can(door.user, "coupon:edit"),
    };
  },
});

const STATUS_COLOR = { Published: "green", Unpublished: "gray", Expired: "red" } as const;

export function CouponStatusBadge({ coupon }: { coupon: Pick<CouponEntity, "status" | "end"> }) {
  const status = couponDisplayStatus(coupon);
  return (
    <Badge color={STATUS_COLOR[status]} data-testid="coupon-status">
      {status}
    </Badge>
  );
}

const discountText = (c: CouponEntity) => (c.discountType === "flat" ? formatMoney(c.discount) : `${c.discount}%`);

function columns(canEdit: boolean): Column<CouponEntity>[] {
  return [
    {
      key: "image",
      header: "Image",
      width: 64,
      cell: (c) => (
        <img src={c.image} alt={`${c.name} coupon`} className="coupon-thumb" width={40} height={40} loading="lazy" />
      ),
    },
    { key: "name", header: "Name", sort: "name", cell: (c) => <Text weight="medium">{c.name}</Text> },
    { key: "code", header: "Code", sort: "code", cell: (c) => <code>{c.code}</code> },
    { key: "discount", header: "Discount", cell: discountText },
    { key: "minOrderPrice", header: "Min. Order", cell: (c) => formatMoney(c.minOrderPrice) },
    { key: "used", header: "Used", cell: (c) => `${c.used} / ${c.quantity}` },
    {
      key: "start",
      header: "Start",
      sort: "start",
      cell: (c) => <span className="nowrap">{formatDate(c.start)}</span>,
    },
    { key: "end", header: "End", sort: "end", cell: (c) => <span className="nowrap">{formatDate(c.end)}</span> },
    { key: "status", header: "Status", cell: (c) => <CouponStatusBadge coupon={c} /> },
    actionsColumn((c) => (
      <Flex gap="2">
        <RowLink
          label="Orders"
          name={`Orders of ${c.name}`}
          open={{ drawer: ORDERS, id: c._id, opage: null }}
          resetPage={false}
        />
        {canEdit ? <RowLink label="Edit" name={`Edit ${c.name}`} to={`/app/edit-coupon/${c._id}`} /> : null}
      </Flex>
    )),
  ];
}

function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <Card size="2">
      <Text as="p" size="2" color="gray">
        {label}
      </Text>
      <Text as="p" className="coupon-stat-value">
        {value}
      </Text>
    </Card>
  );
}

/** spec 2 §3 Coupon stats. */
function StatsCards({ stats }: { stats: CouponStats }) {
  return (
    <Box className="coupon-stats" aria-label="Coupon statistics" role="group">
      <StatCard label="Active Coupons" value={stats.active} />
      <StatCard label="Inactive Coupons" value={stats.inactive} />
      <StatCard label="Expired Coupons" value={stats.expired} />
      <StatCard label="Online Coupon Discount" value={formatMoney(stats.onlineCouponDiscountTotal)} />
      <StatCard label="Offline Coupon Discount" value={formatMoney(stats.offlineCouponDiscountTotal)} />
      <StatCard label="Online Order Total" value={formatMoney(stats.onlineOrderTotal)} />
      <StatCard label="Offline Order Total" value={formatMoney(stats.offlineOrderTotal)} />
    </Box>
  );
}

export default function Coupons() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeHref = listHref(location, { drawer: null, id: null, opage: null }, { resetPage: false });
  const panel = data.target as CouponPanel | null;
  return (
    <ListPage
      title="Coupons"
      add={data.canAdd ? { label: "Add Coupon", to: "/app/add-coupon" } : null}
      search={{ label: "Search coupons", placeholder: "Search coupon name or code" }}
      noun="coupons"
      columns={columns(data.canEdit)}
      data={data}
      before={
        data.stats ? (
          <StatsCards stats={data.stats} />
        ) : data.statsError ? (
          <Text color="red">{data.statsError}</Text>
        ) : null
      }
    >
      <Drawer
        open={params.get("drawer") === ORDERS && !!panel}
        title={panel ? `Orders with ${panel.coupon.code}` : "Coupon orders"}
        closeHref={closeHref}
        width={600}
      >
        {panel ? <CouponOrders panel={panel} /> : null}
      </Drawer>
    </ListPage>
  );
}

/** The coupon-orders side panel (spec 2 §2, §3 Coupon order): each order links to /app/order/{orderId}, whose Back returns here. */
function CouponOrders({ panel }: { panel: CouponPanel }) {
  const location = useLocation();
  const { orders, stats } = panel;
  return (
    <Box>
      {stats ? (
        <Flex gap="4" mb="3" wrap="wrap" data-testid="coupon-order-stats">
          <Text size="2">Orders: {stats.orderCount}</Text>
          <Text size="2">Discount given: {formatMoney(stats.discountTotal)}</Text>
          <Text size="2">Order total: {formatMoney(stats.orderTotal)}</Text>
        </Flex>
      ) : null}
      {orders.rows.length === 0 ? (
        <Text as="p" color="gray">
          No orders have used this coupon yet.
        </Text>
      ) : (
        <table className="coupon-orders" aria-label="Orders that used this coupon">
          <thead>
            <tr>
              <th scope="col">Order ID</th>
              <th scope="col">Customer</th>
              <th scope="col">Date</th>
              <th scope="col">Total</th>
              <th scope="col">Coupon Discount</th>
            </tr>
          </thead>
          <tbody>
            {orders.rows.map((o) => (
              <tr key={o._id}>
                <td>
                  <Link to={orderDetailHref(o._id, `${location.pathname}${location.search}`)}>#{o.orderId}</Link>
                </td>
                <td>
                  <span className="coupon-buyer">
                    {o.buyerId.image ? <img src={o.buyerId.image} alt="" width={28} height={28} /> : null}
                    {o.buyerId.fName}
                  </span>
                </td>
                <td className="nowrap">{formatDate(o.createdAt)}</td>
                <td>{formatMoney(o.total)}</td>
                <td>{formatMoney(o.couponDiscount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {orders.page > 1 || orders.isNext ? (
        <RadixFlex gap="3" mt="3" justify="end" asChild>
          <nav aria-label="Coupon orders pages">
            {orders.page > 1 ? (
              <Link
                to={listHref(location, { opage: orders.page - 1 === 1 ? null : orders.page - 1 }, { resetPage: false })}
                preventScrollReset
              >
                Previous
              </Link>
            ) : null}
            <Text size="2">Page {orders.page}</Text>
            {orders.isNext ? (
              <Link to={listHref(location, { opage: orders.page + 1 }, { resetPage: false })} preventScrollReset>
                Next
              </Link>
            ) : null}
          </nav>
        </RadixFlex>
      ) : null}
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
