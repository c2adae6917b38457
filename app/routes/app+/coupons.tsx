import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Text } from "~/components/plain";
import { useLoaderData, useLocation } from "@remix-run/react";
import { can } from "#contract/access/rights";
import { apiFor } from "~/services/api.server";
import { bulkRows, listLoader, refusal } from "~/services/list.server";
import { listHref } from "~/lib/url-state";
import { ListPage } from "~/components/table/ListPage";
import {
  COUPON_BULK,
  COUPON_ORDERS,
  CouponOrders,
  couponBulkActions,
  StatsCards,
  couponColumns,
  type CouponPanel,
} from "~/components/coupon/CouponList";
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

export const loader = listLoader({
  access: handle,
  list: (api, query) => api.get("coupon", query),
  // the coupon-orders side panel (spec 2 §2): the coupon, its orders 10 a page (`opage`), and their totals
  target: {
    on: [`drawer=${COUPON_ORDERS}`],
    load: async (api, id, { search }) => {
      const page = Math.max(1, Number(search.get("opage")) || 1);
      const [coupon, orders, stats] = await Promise.all([
        api.get(`coupon/${id}`),
        api.get(`coupon/orders/${id}`, { page }),
        api.get(`coupon/order/stats/${id}`),
      ]);
      if (!coupon.success) return refusal(coupon);
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

/**
 * The bulk form (ADR 0074): publish, unpublish or delete the chosen coupons (or every coupon the searched list holds),
 * each as its single call decides it; back to the list with a summary of what was done and what was not, and why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, handle);
  return bulkRows(api, request, await request.formData(), {
    noun: "coupons",
    actions: {
      [COUPON_BULK.publish]: {
        call: (client, selection) => client.post("coupon/bulk/status", { ...selection, status: "active" }),
        done: "Published",
      },
      [COUPON_BULK.unpublish]: {
        call: (client, selection) => client.post("coupon/bulk/status", { ...selection, status: "inactive" }),
        done: "Unpublished",
      },
      [COUPON_BULK.delete]: {
        call: (client, selection) => client.post("coupon/bulk/delete", selection),
        done: "Deleted",
        removes: true,
      },
    },
  });
}

export default function Coupons() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const panel = data.target;
  return (
    <ListPage
      csv="/app/coupons/export"
      title="Coupons"
      add={data.canAdd ? { label: "Add Coupon", to: "/app/add-coupon" } : null}
      search={{ label: "Search coupons", placeholder: "Search coupon name or code" }}
      noun="coupons"
      columns={couponColumns(data.canEdit)}
      data={data}
      // publishing and deleting are edits: coupon:edit, as the edit page needs
      bulk={data.canEdit ? { actions: couponBulkActions, rowName: (c) => `${c.name} (${c.code})` } : undefined}
      before={
        data.stats ? (
          <StatsCards stats={data.stats} />
        ) : data.statsError ? (
          <Text color="red">{data.statsError}</Text>
        ) : null
      }
      drawer={{
        param: COUPON_ORDERS,
        title: panel ? `Orders with ${panel.coupon.code}` : "Coupon orders",
        body: panel ? <CouponOrders panel={panel} /> : null,
        closeHref: listHref(location, { drawer: null, id: null, opage: null }, { resetPage: false }),
        width: 600,
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
