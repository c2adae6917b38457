import { Box, Card, Flex as RadixFlex } from "@radix-ui/themes";
import { Badge, Flex, Text } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { couponDisplayStatus } from "#contract/coupons/coupons";
import type { CouponEntity, CouponOrder, CouponOrderStats, CouponStats } from "#contract/coupons/coupons-api";
import { formatDate, formatMoney } from "~/lib/format";
import { listHref } from "~/lib/url-state";
import { orderDetailHref } from "~/lib/orders";
import type { Column } from "~/components/table/DataTable";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { TableHead } from "~/components/layout/TableHead";
import type { BulkAction } from "~/components/table/BulkActions";

export const COUPON_ORDERS = "orders";

export interface CouponPanel {
  coupon: CouponEntity;
  orders: { rows: CouponOrder[]; count: number; isNext: boolean; page: number };
  stats: CouponOrderStats | null;
}

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

/** The coupon list's bulk actions, by the name their buttons post (ADR 0074). */
export const COUPON_BULK = { publish: "publish", unpublish: "unpublish", delete: "delete" } as const;

export const couponBulkActions: BulkAction[] = [
  {
    name: COUPON_BULK.publish,
    label: "Publish",
    confirm: (rows) => `Publish ${rows}?`,
    confirmLabel: "Publish",
    note: "Each is saved as its edit page saves it; one its edit page would refuse stays as it is.",
  },
  {
    name: COUPON_BULK.unpublish,
    label: "Unpublish",
    confirm: (rows) => `Unpublish ${rows}?`,
    confirmLabel: "Unpublish",
    note: "Customers can no longer use them until they are published again.",
  },
  {
    name: COUPON_BULK.delete,
    label: "Delete selected",
    confirm: (rows) => `Delete ${rows}?`,
    confirmLabel: "Delete",
    destructive: true,
    note: "Orders that used them keep them; they leave the list and the stats, and their codes are free again.",
  },
];

export function couponColumns(canEdit: boolean): Column<CouponEntity>[] {
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
          open={{ drawer: COUPON_ORDERS, id: c._id, opage: null }}
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
export function StatsCards({ stats }: { stats: CouponStats }) {
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

/** The coupon-orders side panel (spec 2 §2, §3 Coupon order): each order links to /app/order/{orderId}, whose Back returns here. */
export function CouponOrders({ panel }: { panel: CouponPanel }) {
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
          <TableHead columns={["Order ID", "Customer", "Date", "Total", "Coupon Discount"]} />
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
