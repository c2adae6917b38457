import { can } from "#contract/access/rights";
import type { ConsoleRole, Permission, StaffModule } from "#contract/access/roles";
import type { Locale } from "./prefs";

export interface MenuEntry {
  /** the spec's key, also the path under /app */
  key: string;
  path: string;
  labels: Record<Locale, string>;
  /** a 24×24 stroke icon (SVG path data), shown beside the label and alone when the navigation is collapsed */
  icon: string;
  /** staff see shop-owner entries only for modules they hold (ARCHITECTURE §5); none means every staff member */
  module?: StaffModule;
}

const L = (en: string, zh: string, fr: string, ja: string) => ({ en, zh, fr, ja });

// line icons drawn for the console (24×24, stroke = currentColor)
const ICON = {
  users:
    "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75",
  person: "M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  star: "M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z",
  store: "M3 9l1.5-5h15L21 9M3 9v11h18V9M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M9 20v-6h6v6",
  orders: "M9 2h6v4H9zM9 4H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-3M8 12h8M8 16h5",
  grid: "M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z",
  sliders: "M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6",
  tag: "M20.59 13.41l-7.17 7.17a2 2 0 0 1-2.83 0L2 12V2h10l8.59 8.59a2 2 0 0 1 0 2.82zM7 7h.01",
  video: "M23 7l-7 5 7 5zM3 5h11a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
  coupon: "M19 5L5 19M6.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM17.5 20a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  chat: "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z",
  gear: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 1v4M12 19v4M4.22 4.22l2.83 2.83M16.95 16.95l2.83 2.83M1 12h4M19 12h4M4.22 19.78l2.83-2.83M16.95 7.05l2.83-2.83",
  megaphone: "M3 11v2a1 1 0 0 0 1 1h2l5 4V6l-5 4H4a1 1 0 0 0-1 1zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13",
  box: "M21 16V8l-9-5-9 5v8l9 5zM3.3 7l8.7 5 8.7-5M12 22V12",
};

// spec 1 §2 Menus, in the spec's order
export const ADMIN_MENU: MenuEntry[] = [
  {
    key: "user-list",
    path: "/app/user-list",
    icon: ICON.users,
    labels: L("Users", "用户", "Utilisateurs", "ユーザー"),
  },
  {
    key: "influencer-list",
    path: "/app/influencer-list",
    icon: ICON.star,
    labels: L("Influencers", "网红", "Influenceurs", "インフルエンサー"),
  },
  { key: "shop-list", path: "/app/shop-list", icon: ICON.store, labels: L("Shops", "店铺", "Boutiques", "ショップ") },
  { key: "orders", path: "/app/orders", icon: ICON.orders, labels: L("Orders", "订单", "Commandes", "注文") },
  {
    key: "category",
    path: "/app/category",
    icon: ICON.grid,
    labels: L("Categories", "类别", "Catégories", "カテゴリー"),
  },
  {
    key: "attributes",
    path: "/app/attributes",
    icon: ICON.sliders,
    labels: L("Attributes", "属性", "Attributs", "属性"),
  },
  { key: "brands", path: "/app/brands", icon: ICON.tag, labels: L("Brands", "品牌", "Marques", "ブランド") },
  { key: "stream", path: "/app/stream", icon: ICON.video, labels: L("Streams", "直播", "Diffusions", "ライブ配信") },
  { key: "coupons", path: "/app/coupons", icon: ICON.coupon, labels: L("Coupons", "优惠券", "Coupons", "クーポン") },
  { key: "chat", path: "/app/chat", icon: ICON.chat, labels: L("Chat", "聊天", "Discussion", "チャット") },
  // not in the spec's menus: the audit log (ADR 0071)
  {
    key: "audit",
    path: "/app/audit",
    icon: ICON.orders,
    labels: L("Audit log", "审计日志", "Journal d'audit", "監査ログ"),
  },
  { key: "setting", path: "/app/setting", icon: ICON.gear, labels: L("Settings", "设置", "Paramètres", "設定") },
];

export const SHOP_MENU: MenuEntry[] = [
  { key: "shop", path: "/app/shop", icon: ICON.store, labels: L("Shop", "店铺", "Boutique", "ショップ") },
  {
    key: "streams",
    path: "/app/streams",
    icon: ICON.video,
    labels: L("Streams", "直播", "Diffusions", "ライブ配信"),
    module: "stream",
  },
  {
    key: "campaign",
    path: "/app/campaign",
    icon: ICON.megaphone,
    labels: L("Campaigns", "活动", "Campagnes", "キャンペーン"),
    module: "campaign",
  },
  {
    key: "customers",
    path: "/app/customers",
    icon: ICON.person,
    labels: L("Customers", "客户", "Clients", "顧客"),
    module: "customer",
  },
  {
    key: "products",
    path: "/app/products",
    icon: ICON.box,
    labels: L("Products", "商品", "Produits", "商品"),
    module: "product",
  },
  {
    key: "orders",
    path: "/app/orders",
    icon: ICON.orders,
    labels: L("Orders", "订单", "Commandes", "注文"),
    module: "order",
  },
  {
    key: "coupons",
    path: "/app/coupons",
    icon: ICON.coupon,
    labels: L("Coupons", "优惠券", "Coupons", "クーポン"),
    module: "coupon",
  },
  {
    key: "chat",
    path: "/app/chat",
    icon: ICON.chat,
    labels: L("Chat", "聊天", "Discussion", "チャット"),
    module: "chat",
  },
  { key: "setting", path: "/app/setting", icon: ICON.gear, labels: L("Settings", "设置", "Paramètres", "設定") },
];

/** The entries a user sees: admin menu, shop-owner menu, or the shop-owner menu cut to a staff member's modules. */
export function menuFor(role: ConsoleRole, permissions: readonly Permission[]): MenuEntry[] {
  if (role === "admin") return ADMIN_MENU;
  if (role === "shopOwner") return SHOP_MENU;
  return SHOP_MENU.filter((e) => !e.module || can({ role, permissions }, `${e.module}:any`));
}

/**
 * spec 1 §2: the navigation's search box filters entries by path text; the label the user reads (in their
 * locale) matches too, so "Commandes" finds /app/orders.
 */
export function filterMenu<T extends { path: string; label?: string }>(entries: T[], term: string): T[] {
  const t = term.trim().toLowerCase();
  if (!t) return entries;
  return entries.filter((e) => e.path.toLowerCase().includes(t) || (e.label?.toLowerCase().includes(t) ?? false));
}
