import { decimal, idField, z } from "../core/zod";
import { listQuerySchema, repeated } from "../core/list";
import { MSG } from "../core/messages";
import { personFields } from "./person-api";
import { GENDER_FILTERS, LISTED_ROLES, USER_SORTS } from "./users";
import { VERIFICATION_STATUSES } from "../phone/verification";
import { CAMPAIGN_INFLUENCER_STATES } from "../campaigns/campaigns";

// The schemas of the users calls; the constants and shapes pages need are in users.ts, which ships no zod.

/** An age bound of the invite list (spec 3 §2: Age min/max, 1 to 100); '' is no bound. */
const ageBound = z.preprocess(
  (v) => (v === "" ? undefined : decimal(v)),
  z
    .number({ error: MSG.invalidAgeFilter })
    .int(MSG.invalidAgeFilter)
    .min(1, MSG.invalidAgeFilter)
    .max(100, MSG.invalidAgeFilter)
    .optional(),
);

/**
 * spec 1 §7 Users: GET user/list with sort, sortType, skip, limit, search, role (repeated) and gender; spec 3 §7 adds
 * campaignId (the invite list: that campaign's candidates, ADR 0061). `location` (part of an address) and `ageMin`,
 * `ageMax` (whole years from the date of birth) make the invite list's Location and Age filters real.
 */
export const userListFilters = {
  role: repeated(z.enum(LISTED_ROLES, { error: MSG.invalidRoleFilter })),
  gender: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(GENDER_FILTERS, { error: MSG.invalidGenderFilter }).optional(),
  ),
  campaignId: z.preprocess((v) => (v === "" ? undefined : v), idField(MSG.invalidCampaignFilter).optional()),
  location: z
    .string({ error: MSG.invalidLocationFilter })
    .trim()
    .max(100, MSG.invalidLocationFilter)
    .optional()
    .transform((v) => v || undefined),
  ageMin: ageBound,
  ageMax: ageBound,
};

/** The rules across the users list's filters: an age range the right way round. */
export function refineUserListFilters(q: { ageMin?: number; ageMax?: number }, ctx: z.RefinementCtx) {
  if (q.ageMin !== undefined && q.ageMax !== undefined && q.ageMin > q.ageMax)
    ctx.addIssue({ code: "custom", path: ["ageMin"], message: MSG.ageRangeReversed });
}

export const userListQuerySchema = z
  .intersection(listQuerySchema(USER_SORTS), z.object(userListFilters))
  .superRefine(refineUserListFilters);
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

/**
 * GET user/list with campaignId (spec 3 §2 Invite-influencer list, ADR 0061): an Approved influencer as the invite
 * list's card shows them (image, first name, locations, Instagram and TikTok ids) and where they stand in the campaign
 * (invited, requested, accepted, declined or removed; null when never asked). Declined and removed influencers may be
 * invited again.
 */
export const inviteCandidateSchema = userEntitySchema.extend({
  instaProfileId: z.string().nullable(),
  tiktokProfileId: z.string().nullable(),
  campaignState: z.enum(CAMPAIGN_INFLUENCER_STATES).nullable(),
});
export type InviteCandidate = z.output<typeof inviteCandidateSchema>;

/** DELETE user/{id} answers the id it deleted. */
export const deletedUserSchema = z.object({ _id: z.string() });

/** GET user/{id}: the entity plus, for owners and staff, their shop, and for staff their designation. */
export type UserDetails = z.output<typeof userDetailsSchema>;
/** spec 1 §3 User, as GET user/list returns it (schema: userEntitySchema in users-api.ts). */
export type UserEntity = z.output<typeof userEntitySchema>;
