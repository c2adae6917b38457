import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Flex, Heading } from "@radix-ui/themes";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { CouponEntity } from "#contract/coupons/coupons-api";
import { zoneDay } from "#contract/core/days";
import { editCouponFormSchema } from "#contract/coupons/coupons-api";
import { MSG } from "#contract/core/messages";
import { can } from "#contract/access/rights";
import { apiFor, pageNotFound, type ApiClient } from "~/services/api.server";
import { replyWithApiRefusal } from "~/services/forms.server";
import {
  couponFieldOf,
  couponReply,
  loadCouponLookups,
  readCouponForm,
  type CouponReply,
} from "~/services/coupon-form.server";
import { savedThenReturn, savedThenReturnHeaders, type Saved } from "~/services/toast.server";
import { CouponForm } from "~/components/coupon/CouponForm";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { GeneralError } from "~/components/layout/GeneralError";
import couponsCss from "~/styles/coupons.css?url";

// spec 2 §2 Coupons list: Edit goes to /app/edit-coupon/{couponId}; after saving, back to /app/coupons. Staff need
// coupon:edit; another shop's coupon (or none) is 'Page not found'.
export const handle = {
  roles: ["admin", "shopOwner", "staff"] as const,
  module: "coupon" as const,
  title: "Edit Coupon",
};
export const meta: MetaFunction = () => [{ title: "Edit Coupon" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: couponsCss }];
export const headers = savedThenReturnHeaders;

const LIST = "/app/coupons";
const FIELDS = [
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
  "status",
] as const;

async function door(request: Request, couponId: string | undefined) {
  const { api, user } = await apiFor(request, { roles: handle.roles, module: handle.module });
  if (!can(user, "coupon:edit") || !couponId || !/^[0-9a-f]{24}$/.test(couponId)) throw pageNotFound();
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

type ActionData = CouponReply | Saved;

async function save(api: ApiClient, id: string, data: Record<string, unknown>) {
  return api.put(`coupon/${id}`, { id, data });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, coupon } = await door(request, params.couponId);
  const form = await readCouponForm(request, api);
  const lookups = await loadCouponLookups(api, user, {}, true);
  const submission = parseWithZod(form.formData, { schema: editCouponFormSchema });
  const fileError = form.fileErrors.image ? { fieldErrors: { image: [form.fileErrors.image] } } : {};
  if (submission.status !== "success" || form.fileErrors.image)
    return couponReply(api, submission.reply(fileError), lookups, 400);
  const result = await save(api, coupon._id, submission.value);
  if (!result.success)
    return couponReply(api, replyWithApiRefusal(submission, result, couponFieldOf(FIELDS)), lookups, result.httpStatus);
  return savedThenReturn(LIST, result.message || MSG.couponUpdated, api.headers);
}

export default function EditCoupon() {
  const { value, names, couponId, lookups } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const saved = actionData && "saved" in actionData ? actionData.saved : null;
  const reply = actionData && "result" in actionData ? actionData : null;
  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          Edit Coupon
        </Heading>
      </Flex>
      <CouponForm
        key={reply?.key ?? couponId}
        mode="edit"
        lookups={lookups}
        lastResult={reply?.result}
        formKey={reply?.key ?? couponId}
        defaultValue={value}
        names={names}
        saved={!!saved}
      />
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
