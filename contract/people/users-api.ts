import { z } from "../core/zod";
import { listQuerySchema, repeated } from "../core/list";
import { MSG } from "../core/messages";
import { personFields } from "./person-api";
import { GENDER_FILTERS, LISTED_ROLES, USER_SORTS } from "./users";
import { VERIFICATION_STATUSES } from "../phone/verification";

// The schemas of the users calls; the constants and shapes pages need are in users.ts, which ships no zod.

/** spec 1 §7 Users: GET user/list with sort, sortType, skip, limit, search, role (repeated) and gender. */
export const userListFilters = {
  role: repeated(z.enum(LISTED_ROLES, { error: MSG.invalidRoleFilter })),
  gender: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(GENDER_FILTERS, { error: MSG.invalidGenderFilter }).optional(),
  ),
};
export const userListQuerySchema = z.intersection(listQuerySchema(USER_SORTS), z.object(userListFilters));
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** spec 1 §3 User, as GET user/list returns it. */
export const userEntitySchema = z.object({
  ...personFields,
  customizeGender: z.string().nullable(),
  createdAt: z.string(),
  locations: z.array(z.object({ address: z.string() })),
  role: z.object({ role: z.enum(LISTED_ROLES) }),
  status: z.enum(VERIFICATION_STATUSES),
});

/** GET user/{id}: the entity plus, for owners and staff, their shop, and for staff their designation. */
export const userDetailsSchema = userEntitySchema.extend({
  shop: z.object({ _id: z.string(), name: z.string() }).nullable(),
  designation: z.string().nullable(),
});

/** DELETE user/{id} answers the id it deleted. */
export const deletedUserSchema = z.object({ _id: z.string() });

/** GET user/{id}: the entity plus, for owners and staff, their shop, and for staff their designation. */
export type UserDetails = z.output<typeof userDetailsSchema>;
/** spec 1 §3 User, as GET user/list returns it (schema: userEntitySchema in users-api.ts). */
export type UserEntity = z.output<typeof userEntitySchema>;
