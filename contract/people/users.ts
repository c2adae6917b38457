import { GENDERS, type Role } from "../access/roles";

/** The roles the users list shows and filters by; admins are never listed (spec 1 §6: fixed role ids). */
export const LISTED_ROLES = ["endUser", "influencer", "shopOwner", "staff"] as const satisfies readonly Role[];
export type ListedRole = (typeof LISTED_ROLES)[number];

/** How the console names each role; the customer role is the end-user one (spec 1 §6). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  endUser: "Customer",
  influencer: "Influencer",
  shopOwner: "Shop owner",
  staff: "Staff",
};

/** Sortable columns of GET user/list; each has an index in api/db/schema/users.ts (ARCHITECTURE §3). */
export const USER_SORTS = ["createdAt", "fName", "email", "role", "gender"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Gender filter values: the profile's options (spec 1 §5); "Others" also matches an influencer's "Other". */
export const GENDER_FILTERS = GENDERS;

/** spec 1 §5 Edit Profile: one Full Name field, stored split at the first space into fName and lName. */
export const splitFullName = (full: string) => {
  const name = full.trim().replace(/\s+/g, " ");
  const space = name.indexOf(" ");
  return space === -1 ? { fName: name, lName: "" } : { fName: name.slice(0, space), lName: name.slice(space + 1) };
};
export const joinName = (user: { fName: string; lName?: string | null }) => `${user.fName} ${user.lName ?? ""}`.trim();
