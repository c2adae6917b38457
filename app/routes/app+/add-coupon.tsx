import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { addCouponSchema } from "#contract/coupons/coupons-api";
import { MSG } from "#contract/core/messages";
import {
  COUPON_FORM_STEPS,
  COUPON_FIELDS,
  couponDoor,
  couponFormStep,
  couponReply,
  loadCouponLookups,
  readCouponForm,
  saveCouponForm,
  withDepartmentPaging,
} from "~/services/coupon-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { COUPON_PAGE } from "~/lib/coupons";
import { CouponPage } from "~/components/coupon/CouponPage";
import { answerOf } from "~/components/form/form-answer";
import { GeneralError } from "~/components/layout/GeneralError";
import couponsCss from "~/styles/coupons.css?url";

// spec 2 §2 Coupons list: Add goes to {app}/add-coupon; after saving, back to /app/coupons. Staff need coupon:add.
export const handle = { ...COUPON_PAGE, title: "Add Coupon" };
export const meta: MetaFunction = () => [{ title: "Add Coupon" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: couponsCss }];
export const headers = savedThenReturnHeaders;

const FIELDS = [...COUPON_FIELDS, "department", "category", "subcategory"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await couponDoor(request, "coupon:add");
  return json({ lookups: await loadCouponLookups(api, user, {}) }, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, user } = await couponDoor(request, "coupon:add");
  const form = await readCouponForm(request, api);
  const lookups = await loadCouponLookups(api, user, withDepartmentPaging(form));
  if (COUPON_FORM_STEPS.some((step) => step === form.intent))
    return couponReply(api, couponFormStep(form, lookups), lookups, 200);
  return saveCouponForm(api, form, lookups, {
    schema: addCouponSchema,
    fields: FIELDS,
    save: (value) => api.post("coupon", value),
    savedMessage: MSG.couponAdded,
  });
}

export default function AddCoupon() {
  const { lookups } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  return <CouponPage mode="add" title="Add Coupon" lookups={lookups} saved={saved} reply={reply} defaultValue={{}} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
