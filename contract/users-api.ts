import { z } from "./zod";
import { listQuerySchema, repeated } from "./list";
import { MSG } from "./messages";
import { GENDER_FILTERS, LISTED_ROLES, USER_SORTS } from "./users";

// The schemas of the users calls; the constants and shapes pages need are in users.ts, which ships no zod.

/** spec 1 §7 Users: GET user/list with sort, sortType, skip, limit, search, role (repeated) and gender. */
export const userListQuerySchema = z.intersection(
  listQuerySchema(USER_SORTS),
  z.object({
    role: repeated(z.enum(LISTED_ROLES, { error: MSG.invalidRoleFilter })),
    gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GENDER_FILTERS, { error: MSG.invalidGenderFilter }).optional()),
  }),
);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

