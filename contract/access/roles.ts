/** spec 1 §5 Edit Profile: the gender options. */
export const GENDERS = ["Male", "Female", "Others"] as const;

export const ROLES = ["admin", "shopOwner", "staff", "influencer", "endUser"] as const;
export type Role = (typeof ROLES)[number];
/** Roles that have a console (ARCHITECTURE §5); influencers and customers use the mobile app. */
export const CONSOLE_ROLES = ["admin", "shopOwner", "staff"] as const satisfies readonly Role[];
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** The nine staff modules and their access types (spec 1 §6), and the audit log's (ADR 0071). */
export const STAFF_MODULES = {
  product: ["add", "edit", "discount"],
  shop: ["edit-details"],
  stream: ["schedule", "promote", "go-live"],
  chat: ["direct-chat", "stream-chat"],
  coupon: ["add", "edit"],
  order: ["status-edit", "scan-qr"],
  staff: ["add", "edit"],
  customer: ["add", "view"],
  campaign: ["add", "edit", "view"],
  // not one of the spec's nine: reading the shop's audit log (ADR 0071)
  audit: ["view"],
} as const;
export type StaffModule = keyof typeof STAFF_MODULES;
export type Permission = {
  [M in StaffModule]: `${M}:${(typeof STAFF_MODULES)[M][number]}`;
}[StaffModule];

export const ALL_PERMISSIONS = Object.entries(STAFF_MODULES).flatMap(([module, types]) =>
  types.map((type) => `${module}:${type}` as Permission),
);

/** The spec's labels for the access types, as the staff form shows them. */
export const ACCESS_TYPE_LABELS: Record<string, string> = {
  "edit-details": "edit details",
  schedule: "schedule stream",
  promote: "promote stream",
  "go-live": "can go live",
  "direct-chat": "direct chat",
  "stream-chat": "stream chat",
  "status-edit": "order status edit",
  "scan-qr": "scan qr",
  view: "view",
};

export const USER_TYPE: Record<Role, string> = {
  admin: "admin",
  shopOwner: "shopkeeper",
  staff: "shopkeeper",
  influencer: "influencer",
  endUser: "customer",
};
