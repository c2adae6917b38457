import { GENDERS } from "../access/roles";
import { listQuerySchema, type ListQuery } from "../core/list";
import { MSG } from "../core/messages";
import { otpPhone, withPhone } from "../phone/otp-api";
import { OTP_LENGTH, phoneFields } from "../phone/otp";
import { EVERY_TIME, refinePhoneWith } from "../phone/phone-rules";
import { CUSTOMER_SORTS, type CustomerSort } from "./customer-list";
import { USER_SORTS } from "../people/users";
import { refineUserListFilters, userEntitySchema, userListFilters } from "../people/users-api";
import { personFields } from "../people/person-api";
import { z, idField } from "../core/zod";

// The schemas of the customers list and the add flow (spec 2 §5 Customer, §7 Customer; ADR 0034). Server only: the
// pages' actions and /api use them; pages ship none.

const phoneInput = phoneFields(MSG.regMobileRequired, MSG.customerPhoneInvalid);

/** The typed number as a phone, or spec 2 §5's 'Please enter valid number' on `mobile`. */
const toPhone = withPhone(MSG.customerPhoneInvalid);

/** POST user/search-customer: {type: 'mobile', mobile, countryCode} (countryFlag also taken, as our forms send it). */
export const searchCustomerSchema = z
  .object({ type: z.literal("mobile", { error: MSG.customerSearchType }), ...phoneInput })
  .transform(toPhone);

/** POST auth/register/send-otp: {mobile, countryFlag, countryCode}; `email` (ours, optional) is checked before a code goes out. */
export const registerSendOtpSchema = z
  .object({
    ...phoneInput,
    email: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v?.toLowerCase() || undefined),
  })
  .transform(toPhone);

/** spec 2 §5 Customer: the registration form's fields (the add flow's step 2), word for word. */
export const customerFormFields = {
  fName: z
    .string({ error: MSG.regNameRequired })
    .trim()
    .min(1, MSG.regNameRequired)
    .max(100, MSG.max100)
    .transform((v) => v.replace(/\s+/g, " "))
    .pipe(z.string().regex(/^[\p{L} ]+$/u, MSG.customerNameInvalid)),
  email: z
    .string({ error: MSG.regEmailRequired })
    .trim()
    .min(1, MSG.regEmailRequired)
    .max(100, MSG.max100)
    .pipe(z.email(MSG.emailInvalid))
    .transform((v) => v.toLowerCase()),
  gender: z.enum(GENDERS, { error: MSG.genderRequired }),
  image: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
  ...phoneInput,
};

/** The code: 'Please enter code' when empty, else exactly 6 digits (one string, or the six boxes of the form). */
export const customerOtpField = z.preprocess(
  (v) => (Array.isArray(v) ? v.join("") : v),
  z
    .string({ error: MSG.customerOtpRequired })
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().min(1, MSG.customerOtpRequired))
    .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otpLength)),
);

/**
 * 'Please enter valid number' on `mobile` also when other fields failed (zod then skips the transform that reads the
 * number), so the form reports every rule on the first submit. A valid number is left to `toPhone`.
 */
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const refineCustomerPhone = refinePhoneWith(
  MSG.customerPhoneInvalid,
  (v) => !!otpPhone({ countryFlag: text(v.countryFlag), countryCode: text(v.countryCode), mobile: v.mobile }),
);

/** The registration form alone (the page checks it before asking for a code). */
export const customerFormSchema = z
  .object(customerFormFields)
  .superRefine(refineCustomerPhone, EVERY_TIME)
  .transform(toPhone);

/** POST auth/register/{shopId}: role 'endUser', fName, email, gender, mobile, countryFlag, countryCode, optional image, otp. */
export const registerCustomerSchema = z
  .object({
    role: z.literal("endUser", { error: MSG.customerRoleEndUser }),
    ...customerFormFields,
    otp: customerOtpField,
  })
  .superRefine(refineCustomerPhone, EVERY_TIME)
  .transform(toPhone);
export type RegisterCustomerInput = z.output<typeof registerCustomerSchema>;

/** GET user/list with buyerId (the shop whose customers are listed, or 'all'), as the customers list reads it. */
export type CustomerListQuery = ListQuery<CustomerSort> & { buyerId: string };

const LIST_SORTS = [...new Set([...USER_SORTS, ...CUSTOMER_SORTS])] as [string, ...string[]];

/**
 * GET user/list as it is declared: the users list (admins, spec 1 §7), with `buyerId` the customers list (ADR 0034), or
 * with `campaignId` a campaign's invite candidates (ADR 0061). Each reads its own sorts; role, gender, location and age
 * filter the users list and the candidates only.
 */
export const userListWithBuyersQuerySchema = z
  .intersection(
    listQuerySchema(LIST_SORTS),
    z.object({
      ...userListFilters,
      buyerId: idField(MSG.customerBuyerId).optional(),
    }),
  )
  .superRefine((q, ctx) => {
    const sorts: readonly string[] = q.buyerId ? CUSTOMER_SORTS : USER_SORTS;
    if (!sorts.includes(q.sort)) ctx.addIssue({ code: "custom", path: ["sort"], message: MSG.listSort(sorts) });
    refineUserListFilters(q, ctx);
    if (q.campaignId && q.buyerId) ctx.addIssue({ code: "custom", path: ["campaignId"], message: MSG.campaignOrBuyer });
    if (q.campaignId && q.role?.some((role) => role !== "influencer"))
      ctx.addIssue({ code: "custom", path: ["role"], message: MSG.campaignListsInfluencers });
  });

/** A customers-list row: the person (spec 1 §3 User) and their figures with the shop (admins: with every shop). */
export const customerRowSchema = userEntitySchema.extend({
  orderCount: z.number().int(),
  /** dollars: the shop's part of their orders, less refunds */
  spent: z.number(),
  lastOrderAt: z.string().nullable(),
});

/**
 * What a search finds (ADR 0034, 0048): for a customer the shop already knows (and for admins) the record, as the
 * customer page shows it; for one it does not, only the name and the contact masked (`needsConfirmation`: the
 * customer confirms with a texted code before the shop sees more).
 */
export const customerFoundSchema = z.object({
  found: z.boolean(),
  customer: z.object(personFields).nullable(),
  /** the shop knew them before this search */
  alreadyCustomer: z.boolean(),
  /** the shop sees the masked contact only, until the customer confirms with a texted code */
  needsConfirmation: z.boolean(),
});

/** POST user/customer/{id}/verify-otp: the code the customer was texted ('Please enter code' when empty). */
export const confirmCustomerSchema = z.object({ otp: customerOtpField });

/** What POST user/customer/{id}/send-otp answers: where the code went, the number masked. */
export const confirmationSentSchema = z.object({
  countryFlag: z.string().nullable(),
  countryCode: z.string(),
  mobile: z.string(),
  expiresAt: z.string(),
});

/** What registering answers: the new customer. */
export const registeredCustomerSchema = z.object({
  _id: z.string(),
  fName: z.string(),
  lName: z.string(),
  email: z.string(),
  gender: z.string(),
  countryFlag: z.string(),
  countryCode: z.string(),
  mobile: z.string(),
  image: z.string().nullable(),
  role: z.object({ role: z.literal("endUser") }),
});

/** One row of the customers list: the person, and their orders, spend and last order with the shop (admins: all shops). */
export type CustomerRow = z.output<typeof customerRowSchema>;
/** What POST user/search-customer answers. */
export type CustomerFound = z.output<typeof customerFoundSchema>;
/** What POST auth/register/{shopId} answers. */
export type RegisteredCustomer = z.output<typeof registeredCustomerSchema>;
