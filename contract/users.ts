import { z } from "./zod";
import { GENDERS } from "./auth";
import { listQuerySchema, repeated } from "./list";
import { MSG } from "./messages";
import type { Role } from "./roles";

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

/** spec 1 §7 Users: GET user/list with sort, sortType, skip, limit, search, role (repeated) and gender. */
export const userListQuerySchema = z.intersection(
  listQuerySchema(USER_SORTS),
  z.object({
    role: repeated(z.enum(LISTED_ROLES, { error: MSG.invalidRoleFilter })),
    gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GENDER_FILTERS, { error: MSG.invalidGenderFilter }).optional()),
  }),
);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** The delete confirmation's form: a hidden intent and the user's id. */
export const deleteUserFormSchema = z.object({
  intent: z.literal("delete"),
  id: z.string().trim().min(1).max(64),
});

/** spec 1 §3 User, as GET user/list returns it. */
export interface UserEntity {
  _id: string;
  fName: string;
  lName: string;
  email: string | null;
  image: string | null;
  mobile: string | null;
  countryCode: string | null;
  countryFlag: string | null;
  gender: string | null;
  customizeGender: string | null;
  createdAt: string;
  locations: { address: string }[];
  role: { role: ListedRole };
  status: "Pending" | "Approved" | "Rejected";
}

/** GET user/{id}: the entity plus, for owners and staff, their shop, and for staff their designation. */
export interface UserDetails extends UserEntity {
  shop: { _id: string; name: string } | null;
  designation: string | null;
}
