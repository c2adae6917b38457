import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { CouponEntity } from "#contract/coupons/coupons-api";
import { zoneDay } from "#contract/core/days";
import { editCouponFormSchema } from "#contract/coupons/coupons-api";
import { MSG } from "#contract/core/messages";
import { pageNotFound } from "~/services/api.server";
import {
  COUPON_FIELDS,
  couponDoor,
  loadCouponLookups,
  readCouponForm,
  saveCouponForm,
} from "~/services/coupon-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { COUPON_PAGE } from "~/lib/coupons";
import { CouponPage } from "~/components/coupon/CouponPage";
import { answerOf } from "~/components/form/form-answer";
import { GeneralError } from "~/components/layout/GeneralError";
import couponsCss from "~/styles/coupons.css?url";

// spec 2 §2 Coupons list: Edit goes to /app/edit-coupon/{couponId}; after saving, back to /app/coupons. Staff need
// coupon:edit; another shop's coupon (or none) is 'Page not found'.
export const handle = { ...COUPON_PAGE, title: "Edit Coupon" };
export const meta: MetaFunction = () => [{ title: "Edit Coupon" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: couponsCss }];
export const headers = savedThenReturnHeaders;

const FIELDS = [...COUPON_FIELDS, "status"];

async function door(request: Request, couponId: string | undefined) {
  const { api, user } = await couponDoor(request, "coupon:edit");
  if (!couponId || !/^[0-9a-f]{24}$/.test(couponId)) throw pageNotFound();
  const coupon = await api.get(`coupon/${couponId}`);
  if (coupon.httpStatus === 404) throw pageNotFound();
  // spec 2 §8: a failed coupon load shows the message
  if (!coupon.success) throw json({ message: coupon.message }, { status: coupon.httpStatus });
  return { api, user, coupon: coupon.data };
}

/** The form's value for a saved coupon: its fields as the inputs show them (days in Sydney time, ADR 0028). */
function formValue(c: CouponEntity): Record<string, string> {
  return {
    name: c.name,
    code: c.code,
    image: c.image,
    description: c.description,
    minOrderPrice: String(c.minOrderPrice),
    quantity: String(c.quantity),
    start: zoneDay(c.start),
    end: zoneDay(c.end),
    discountType: c.discountType,
    discount: String(c.discount),
    type: c.type,
    multi: c.multi === null ? "" : String(c.multi),
    status: c.status,
  };
}

const taxonomy = (c: CouponEntity) => ({
  department: c.department.name,
  category: c.category.name,
  subcategory: c.subcategory.name,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, coupon } = await door(request, params.couponId);
  return json(
    {
      value: formValue(coupon),
      names: taxonomy(coupon),
      couponId: coupon._id,
      lookups: await loadCouponLookups(api, user, {}, true),
    },
    { headers: api.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, coupon } = await door(request, params.couponId);
  const form = await readCouponForm(request, api);
  const lookups = await loadCouponLookups(api, user, {}, true);
  return saveCouponForm(api, form, lookups, {
    schema: editCouponFormSchema,
    fields: FIELDS,
    save: (data) => api.put(`coupon/${coupon._id}`, { id: coupon._id, data }),
    savedMessage: MSG.couponUpdated,
  });
}

export default function EditCoupon() {
  const { value, names, couponId, lookups } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  return (
    <CouponPage
      mode="edit"
      title="Edit Coupon"
      lookups={lookups}
      saved={saved}
      reply={reply}
      record={couponId}
      defaultValue={value}
      names={names}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
