import type { ConsoleRole, StaffModule } from "#contract/roles";
import type { Locale } from "./prefs";

export interface MenuEntry {
  /** the spec's key, also the path under /app */
  key: string;
  path: string;
  labels: Record<Locale, string>;
  /** staff see shop-owner entries only for modules they hold (ARCHITECTURE §5); none means every staff member */
  module?: StaffModule;
}

const L = (en: string, zh: string, fr: string, ja: string) => ({ en, zh, fr, ja });

// spec 1 §2 Menus, in the spec's order
export const ADMIN_MENU: MenuEntry[] = [
  { key: "user-list", path: "/app/user-list", labels: L("Users", "用户", "Utilisateurs", "ユーザー") },
  { key: "influencer-list", path: "/app/influencer-list", labels: L("Influencers", "网红", "Influenceurs", "インフルエンサー") },
  { key: "shop-list", path: "/app/shop-list", labels: L("Shops", "店铺", "Boutiques", "ショップ") },
  { key: "orders", path: "/app/orders", labels: L("Orders", "订单", "Commandes", "注文") },
  { key: "category", path: "/app/category", labels: L("Categories", "类别", "Catégories", "カテゴリー") },
  { key: "attributes", path: "/app/attributes", labels: L("Attributes", "属性", "Attributs", "属性") },
  { key: "brands", path: "/app/brands", labels: L("Brands", "品牌", "Marques", "ブランド") },
  { key: "stream", path: "/app/stream", labels: L("Streams", "直播", "Diffusions", "ライブ配信") },
  { key: "coupons", path: "/app/coupons", labels: L("Coupons", "优惠券", "Coupons", "クーポン") },
  { key: "chat", path: "/app/chat", labels: L("Chat", "聊天", "Discussion", "チャット") },
  { key: "setting", path: "/app/setting", labels: L("Settings", "设置", "Paramètres", "設定") },
];

export const SHOP_MENU: MenuEntry[] = [
  { key: "shop", path: "/app/shop", labels: L("Shop", "店铺", "Boutique", "ショップ") },
  { key: "streams", path: "/app/streams", labels: L("Streams", "直播", "Diffusions", "ライブ配信"), module: "stream" },
  { key: "campaign", path: "/app/campaign", labels: L("Campaigns", "活动", "Campagnes", "キャンペーン"), module: "campaign" },
  { key: "customers", path: "/app/customers", labels: L("Customers", "客户", "Clients", "顧客"), module: "customer" },
  { key: "products", path: "/app/products", labels: L("Products", "商品", "Produits", "商品"), module: "product" },
  { key: "orders", path: "/app/orders", labels: L("Orders", "订单", "Commandes", "注文"), module: "order" },
  { key: "coupons", path: "/app/coupons", labels: L("Coupons", "优惠券", "Coupons", "クーポン"), module: "coupon" },
  { key: "chat", path: "/app/chat", labels: L("Chat", "聊天", "Discussion", "チャット"), module: "chat" },
  { key: "setting", path: "/app/setting", labels: L("Settings", "设置", "Paramètres", "設定") },
];

/** The entries a user sees: admin menu, shop-owner menu, or the shop-owner menu cut to a staff member's modules. */
export function menuFor(role: ConsoleRole, permissions: readonly string[]): MenuEntry[] {
  if (role === "admin") return ADMIN_MENU;
  if (role === "shopOwner") return SHOP_MENU;
  return SHOP_MENU.filter((e) => !e.module || permissions.some((p) => p.startsWith(`${e.module}:`)));
}

/** spec 1 §2: the navigation's search box filters entries by path text. */
export const filterMenu = (entries: MenuEntry[], term: string) => {
  const t = term.trim().toLowerCase();
  return t ? entries.filter((e) => e.path.toLowerCase().includes(t) || e.key.includes(t)) : entries;
};
