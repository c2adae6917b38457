// The coupon form of the Add and Edit Coupon pages (spec 2 §5 Coupon): reading the post (with its image
// when the page runs without JavaScript), the look-ups the form renders (departments → categories → sub-categories;
// an admin's departments 10 at a time with search and 'more'), and the answers the pages give.
import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { LoggedUser } from "#contract/access/auth";
import type { CategoryRef } from "#contract/catalogue/categories-api";
import { COUPON_DEPARTMENTS_PAGE, COUPON_IMAGE_PURPOSE } from "#contract/coupons/coupons";
import { can, reachesEveryShop } from "#contract/access/rights";
import { apiFor, pageNotFound, type ApiClient, type ApiResult } from "./api.server";
import { formRefused, replyWithApiRefusal } from "./forms.server";
import { savedThenReturn } from "./toast.server";
import { readFormWithFiles } from "./upload.server";
import type { CouponFormLookups } from "~/components/coupon/CouponForm";
import { COUPON_LIST, COUPON_PAGE } from "~/lib/coupons";

/** The door of the Add and Edit Coupon pages: a console person of the page's roles with the right it needs. */
export async function couponDoor(request: Request, right: "coupon:add" | "coupon:edit") {
  const { api, user } = await apiFor(request, COUPON_PAGE);
  if (!can(user, right)) throw pageNotFound();
  return { api, user };
}

/** The fields both coupon forms show (besides Add's department, category and sub-category, and Edit's status). */
export const COUPON_FIELDS = [
  "name",
  "code",
  "image",
  "description",
  "minOrderPrice",
  "quantity",
  "start",
  "end",
  "discountType",
  "discount",
  "type",
  "multi",
] as const;

export type CouponFormValue = Record<string, string | undefined>;

/** What the form renders besides its values (the form's own type: the server fills it). */
export type CouponLookups = CouponFormLookups;

/** The intents of the form's helper buttons: the next category level, the department search, more departments. */
export const COUPON_FORM_STEPS = ["refresh", "departments", "more"] as const;
const MAX_DEPARTMENT_PAGES = 10;

/** The post, read once: urlencoded with JavaScript (the image uploaded already), multipart with the image without it. */
export async function readCouponForm(request: Request, api: ApiClient) {
  const { formData, fileErrors } = await readFormWithFiles(request, api, { image: COUPON_IMAGE_PURPOSE });
  const value = parse(formData, { resolve: () => ({ value: undefined }) }).payload as CouponFormValue;
  return { formData, fileErrors, value, intent: String(formData.get("intent") ?? "save") };
}
export type CouponForm = Awaited<ReturnType<typeof readCouponForm>>;

const refs = (rows: { _id: string; name: string }[]) => rows.map(({ _id, name }) => ({ _id, name }));

/**
 * What the form renders besides its values: departments (an admin: level 0 from the server, 10 a page, searchable;
 * an owner or staff member: their shop's, spec 2 §5, §6), the chosen department's categories and the chosen
 * category's sub-categories. A choice that no longer fits is cleared. `readOnly` (the Edit page) loads none.
 */
export async function loadCouponLookups(
  api: ApiClient,
  user: LoggedUser,
  given: CouponFormValue,
  readOnly = false,
): Promise<CouponLookups> {
  const isAdmin = reachesEveryShop(user);
  const chosen = {
    department: given.department ?? "",
    category: given.category ?? "",
    subcategory: given.subcategory ?? "",
  };
  const dsearch = (given.dsearch ?? "").trim().slice(0, 100);
  const dpages = Math.min(MAX_DEPARTMENT_PAGES, Math.max(1, Math.floor(Number(given.dpages)) || 1));
  const empty = {
    isAdmin,
    departments: [],
    moreDepartments: false,
    categories: [],
    subcategories: [],
    dsearch,
    dpages,
  };
  if (readOnly) return { ...empty, chosen };
  const children = async (parent: string) => {
    const result = await api.post("category/list", { parent }, { limit: 100, sort: "name", sortType: "asc" });
    return result.success ? refs(result.data) : [];
  };
  let departments: CategoryRef[] = [];
  let moreDepartments = false;
  if (isAdmin) {
    const result = await api.post(
      "category/list",
      { level: 0 },
      {
        limit: COUPON_DEPARTMENTS_PAGE * dpages,
        sort: "name",
        sortType: "asc",
        ...(dsearch ? { search: dsearch } : {}),
      },
    );
    if (result.success) {
      departments = refs(result.data);
      moreDepartments = !!result.isNext;
    }
    // the chosen department stays choosable while a search or a shorter list hides it
    if (chosen.department && !departments.some((d) => d._id === chosen.department)) {
      const one = await api.get(`category/${encodeURIComponent(chosen.department)}`);
      if (one.success && one.data.level === 0)
        departments = [{ _id: one.data._id, name: one.data.name }, ...departments];
    }
  } else if (user.shop) {
    const shop = await api.get(`shop/getdetails/${encodeURIComponent(user.shop._id)}`);
    departments = shop.success ? refs(shop.data.categories) : [];
  }
  const department = departments.some((d) => d._id === chosen.department) ? chosen.department : "";
  const categories = department ? await children(department) : [];
  const category = categories.some((c) => c._id === chosen.category) ? chosen.category : "";
  const subcategories = category ? await children(category) : [];
  const subcategory = subcategories.some((c) => c._id === chosen.subcategory) ? chosen.subcategory : "";
  return {
    ...empty,
    departments,
    moreDepartments,
    categories,
    subcategories,
    chosen: { department, category, subcategory },
  };
}

/** What a coupon page's action answers when it does not leave: the form's reply and the look-ups that go with it. */
export type CouponReply = { key: string; result: SubmissionResult<string[]>; lookups: CouponLookups };

export function couponReply(
  api: ApiClient,
  result: SubmissionResult<string[]>,
  lookups: CouponLookups,
  status: number,
) {
  return formRefused(result, status, api.headers, { key: crypto.randomUUID(), lookups });
}

/**
 * A helper step (no save): the form again with what was typed, the look-ups' surviving choices, and the department
 * search's paging ('more' adds a page, a new search starts at one).
 */
export function couponFormStep(form: CouponForm, lookups: CouponLookups): SubmissionResult<string[]> {
  const submission = parse<unknown, string[]>(form.formData, { resolve: () => ({ value: undefined }) });
  const payload = submission.payload as CouponFormValue;
  Object.assign(payload, lookups.chosen, { dsearch: lookups.dsearch, dpages: String(lookups.dpages) });
  const errors: Record<string, string[]> = form.fileErrors.image ? { image: [form.fileErrors.image] } : {};
  return submission.reply({ fieldErrors: errors });
}

/** The department paging the step asks for: 'more' one page more, a search from the first page. */
export function withDepartmentPaging(form: CouponForm): CouponFormValue {
  const pages = Math.max(1, Math.floor(Number(form.value.dpages)) || 1);
  if (form.intent === "more") return { ...form.value, dpages: String(pages + 1) };
  if (form.intent === "departments") return { ...form.value, dpages: "1" };
  return form.value;
}

/**
 * Checks and saves the posted coupon: a refusal (the schema's, the image upload's or the API's) answers with the form
 * beside its errors; a save shows its message and returns to the list.
 */
export async function saveCouponForm<Schema extends z.ZodType<Record<string, unknown>>>(
  api: ApiClient,
  form: CouponForm,
  lookups: CouponLookups,
  opts: {
    schema: Schema;
    /** the form's fields, on which the API's field errors show */
    fields: readonly string[];
    save: (value: z.output<Schema>) => Promise<ApiResult>;
    savedMessage: string;
  },
) {
  const submission = parseWithZod(form.formData, { schema: opts.schema });
  // a refused file: the upload's own message on the image field, in place of 'Please Upload Coupon Image'
  const fileError = form.fileErrors.image ? { fieldErrors: { image: [form.fileErrors.image] } } : {};
  if (submission.status !== "success" || form.fileErrors.image)
    return couponReply(api, submission.reply(fileError), lookups, 400);
  const result = await opts.save(submission.value);
  if (!result.success)
    return couponReply(
      api,
      replyWithApiRefusal(submission, result, couponFieldOf(opts.fields)),
      lookups,
      result.httpStatus,
    );
  return savedThenReturn(COUPON_LIST, result.message || opts.savedMessage, api.headers);
}

/** An API field key of PUT coupon ('data.code') or POST coupon ('code') as the form's field name. */
export const couponFieldOf = (fields: readonly string[]) => (key: string) => {
  const name = key.startsWith("data.") ? key.slice(5) : key;
  return fields.includes(name) ? name : null;
};
