// The list pages of the back office and the list call each page's loader makes, as the benchmarks measure them
// (`npm run bench:ssr` sequentially, `npm run bench:load` at 20 concurrent clients): who signs in, the page, and the
// API call with the query the loader sends (listQuery()'s defaults: page 1, 10 per page, createdAt descending).

export const LIST = "sort=createdAt&sortType=desc&limit=10&skip=0";

/** Each list page and its API call; `shopId` is the owner's shop (Harbour), for the pages of one shop. */
export const listPages = (shopId) => [
  { name: "user-list", who: "admin", page: "/app/user-list", api: { path: `/api/user/list?${LIST}` } },
  {
    name: "influencer-list",
    who: "admin",
    page: "/app/influencer-list",
    api: { path: `/api/user/list?${LIST}&role=influencer` },
  },
  { name: "shop-list", who: "admin", page: "/app/shop-list", api: { path: `/api/shop/list?${LIST}` } },
  {
    name: "category",
    who: "admin",
    page: "/app/category",
    api: { path: `/api/category/list?${LIST}`, method: "POST", body: { level: 0 } },
  },
  { name: "attributes", who: "admin", page: "/app/attributes", api: { path: `/api/attr?${LIST}` } },
  { name: "brands", who: "admin", page: "/app/brands", api: { path: `/api/brand?${LIST}` } },
  { name: "products", who: "owner", page: "/app/products", api: { path: `/api/product?${LIST}&shopId=${shopId}` } },
  {
    name: "shop commission",
    who: "admin",
    page: `/app/shop/${shopId}/commission`,
    api: { path: `/api/shop/commission/${shopId}?${LIST}` },
  },
  { name: "campaigns", who: "owner", page: "/app/campaign", api: { path: `/api/campaign?${LIST}` } },
];

/**
 * The lists `bench:load` also measures (their pages read more than the list call, so `bench:ssr`'s ratio does not
 * apply to them as it stands): orders as the owner and as the admin, customers, coupons and the owner's streams.
 */
export const moreListPages = (shopId) => [
  { name: "orders (owner)", who: "owner", page: "/app/orders", api: { path: `/api/order/list?${LIST}` } },
  { name: "orders (admin)", who: "admin", page: "/app/orders", api: { path: `/api/order/list?${LIST}` } },
  {
    name: "customers",
    who: "owner",
    page: "/app/customers",
    api: { path: `/api/user/list?${LIST}&buyerId=all` },
  },
  { name: "coupons", who: "owner", page: "/app/coupons", api: { path: `/api/coupon?${LIST}` } },
  {
    name: "streams",
    who: "owner",
    page: "/app/streams",
    api: { path: `/api/live-stream/list?${LIST}&shopId=${shopId}`, method: "POST" },
  },
];
