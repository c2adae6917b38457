/*
 * The staff card of the Shop Info page (helper D). Wiring in the page route:
 *   loader:  const staff = await staffLoaderData(api, request, shop);   // return it as `staff`
 *   action:  const form = await readFormWithFiles(request, api, { ...yourFields, ...STAFF_UPLOAD_FIELDS });
 *            if (isStaffIntent(form.formData.get("intent"))) return staffAction(api, request, form);
 *   links:   ...staffCardLinks()  (from app/components/shop/StaffCard.tsx: the drawer and dialog styles)
 *   page:    <StaffCard staff={data.staff} />   (it reads its own action data)
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import type { ShopDetails } from "#contract/shops/shops-api";
import { MSG } from "#contract/core/messages";
import { boundByGrantedRights, can, reachesEveryShop } from "#contract/access/rights";
import { ALL_PERMISSIONS, type Permission } from "#contract/access/roles";
import { STAFF_DRAWER, type StaffCardMember } from "#contract/people/staff";
import type { StaffMember } from "#contract/people/staff-api";
import { accessModuleBody, permissionsFromForm, staffFormSchema } from "#contract/people/staff-api";
import { optionalUser, type ApiClient } from "./api.server";
import { replyWithApiRefusal } from "./forms.server";
import { redirectWithToast } from "./toast.server";

/** The picture field of the staff form; add it to the page action's `readFormWithFiles` fields (uploads without JS). */
export const STAFF_UPLOAD_FIELDS = { staffImage: "staffImage" } as const;

/** Intents of the staff card's forms: `staff-add`, `staff-edit`, `staff-remove`. */
export const isStaffIntent = (intent: unknown): intent is string =>
  typeof intent === "string" && intent.startsWith("staff-");

export interface StaffLoaderData {
  /** "Team Member(s)" on an owner's or staff member's own shop page (spec 1 §2), "Staff" for admins */
  title: string;
  shopId: string;
  /** the owner first, then the staff (spec 1 §2) */
  members: StaffCardMember[];
  can: { add: boolean; edit: boolean; remove: boolean; editOwner: boolean };
  /** what this user may tick in the permission grid: everything, or for staff what they hold (ARCHITECTURE §5) */
  grantable: Permission[];
  drawer:
    | null
    | { kind: "add" }
    | { kind: "member"; member: StaffMember; editable: boolean }
    | { kind: "missing"; message: string };
  /** the member a Delete confirmation names, and why they cannot be removed when they cannot (the owner, oneself) */
  removing: null | { _id: string; blocked: string | null };
}

/** What the staff card and an open staff drawer need; the member of `?id=` comes from `GET auth/user-permission/{id}`. */
export async function staffLoaderData(api: ApiClient, request: Request, shop: ShopDetails): Promise<StaffLoaderData> {
  const { user } = await optionalUser(request);
  const may = (right: Permission) => !!user && can(user, right, shop._id);
  const rights = {
    add: may("staff:add"),
    edit: may("staff:edit"),
    // ARCHITECTURE §5: delete needs staff:edit
    remove: may("staff:edit"),
    // spec 1 §6 and ADR 0018: the owner's entry is the owner's or an admin's to edit, never staff's
    editOwner: !!user && !boundByGrantedRights(user) && can(user, "staff:edit", shop._id),
  };
  const members: StaffCardMember[] = [
    ...(shop.ownerId ? [{ ...shop.ownerId, designation: "Owner", isOwner: true }] : []),
    ...shop.shopStaffs.map((s) => ({ ...s, isOwner: false })),
  ];
  const params = new URL(request.url).searchParams;
  const drawerParam = params.get("drawer");
  const id = params.get("id");
  let drawer: StaffLoaderData["drawer"] = null;
  if (drawerParam === STAFF_DRAWER.add && rights.add) drawer = { kind: "add" };
  if (drawerParam === STAFF_DRAWER.member && id) {
    const result = await api.get(`auth/user-permission/${encodeURIComponent(id)}`);
    drawer = result.success
      ? { kind: "member", member: result.data, editable: result.data.isOwner ? rights.editOwner : rights.edit }
      : { kind: "missing", message: result.message };
  }
  const named =
    params.get("confirm") === STAFF_DRAWER.remove && rights.remove ? members.find((m) => m._id === id) : undefined;
  // spec 1 §2: every row has Delete; the owner's and one's own say why they stay (the API refuses them alike)
  const removing = named
    ? {
        _id: named._id,
        blocked: named.isOwner ? MSG.staffOwnerNotRemovable : named._id === user?._id ? MSG.cannotDeleteSelf : null,
      }
    : null;
  return {
    title: user && reachesEveryShop(user) ? "Staff" : "Team Member(s)",
    shopId: shop._id,
    members,
    can: rights,
    // staff never grant what they do not hold (ADR 0018)
    grantable: ALL_PERMISSIONS.filter(may),
    drawer,
    removing,
  };
}

/** What the staff forms answer when they fail: the conform reply of the drawer's form. */
export interface StaffActionData {
  staffForm: { intent: "staff-add" | "staff-edit"; reply: SubmissionResult<string[]> };
}

/** The page the action returns to: the same page with the staff drawer or dialog closed. */
function pageWithoutOverlay(request: Request) {
  const url = new URL(request.url);
  for (const key of ["drawer", "id", "confirm", "index"]) url.searchParams.delete(key);
  const qs = url.searchParams.toString();
  return `${url.pathname}${qs ? `?${qs}` : ""}`;
}

/** API field → the form's field (null: shown as the form's message). */
const formFieldOf = (apiField: string) =>
  apiField === "image"
    ? "staffImage"
    : ["fName", "email", "mobile", "designation", "customizeGender", "gender"].includes(apiField)
      ? apiField
      : null;

/**
 * Handles the staff card's forms (intents starting with `staff-`): on success a redirect to the page with a toast
 * (the API's message), on a refusal the drawer's form with its errors (or, for a delete, an error toast).
 */
export async function staffAction(
  api: ApiClient,
  request: Request,
  form: { formData: FormData; fileErrors: Record<string, string> },
): Promise<Response> {
  const { formData, fileErrors } = form;
  const intent = String(formData.get("intent") ?? "");
  const back = pageWithoutOverlay(request);
  const shopId = String(formData.get("shopId") ?? "") || undefined;

  if (intent === "staff-remove") {
    const result = await api.post("user/remove-shopstaff", { shopId, userId: String(formData.get("userId") ?? "") });
    return redirectWithToast(
      back,
      { type: result.success ? "success" : "error", message: result.message },
      api.headers,
    );
  }
  if (intent !== "staff-add" && intent !== "staff-edit")
    return redirectWithToast(back, { type: "error", message: MSG.somethingWrong }, api.headers);

  const isOwnerEntry = intent === "staff-edit" && formData.get("owner") === "1";
  const submission = parseWithZod(formData, {
    schema: staffFormSchema(intent === "staff-add" ? "add" : isOwnerEntry ? "owner" : "edit"),
  });
  const fail = (reply: SubmissionResult<string[]>, status = 400) =>
    json<StaffActionData>({ staffForm: { intent, reply } }, { status, headers: api.headers });
  // a picture refused on its way in (no JavaScript): its message beside the picture, with the form's other errors
  if (fileErrors.staffImage) return fail(submission.reply({ fieldErrors: { staffImage: [fileErrors.staffImage] } }));
  if (submission.status !== "success") return fail(submission.reply());

  const v = submission.value;
  const body = {
    shopId,
    fName: v.fName,
    email: v.email,
    countryFlag: v.countryFlag,
    mobile: v.mobile,
    designation: v.designation,
    image: v.staffImage || undefined,
    gender: v.gender,
    customizeGender: v.customizeGender,
    ...(isOwnerEntry
      ? {}
      : { access_module: accessModuleBody(permissionsFromForm(v.perm)).map((module) => ({ module })) }),
  };
  const result =
    intent === "staff-add"
      ? await api.post("user/add-shopstaff", body)
      : await api.post("user/edit-shopstaff", { ...body, userId: String(formData.get("userId") ?? "") });
  if (!result.success) return fail(replyWithApiRefusal(submission, result, formFieldOf), result.httpStatus);
  return redirectWithToast(back, { type: "success", message: result.message }, api.headers);
}
