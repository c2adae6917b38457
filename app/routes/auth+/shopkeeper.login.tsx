import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { sendOtpSchema, verifyOtpSchema } from "#contract/phone/otp-api";
import type { Phone } from "#contract/phone/phone";
import { formatPhone, parsePhone } from "#contract/phone/phone-rules";
import { isCrossSiteWrite } from "#server-shared/security";
import { ApiClient, homeFor } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { config } from "~/services/config.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { FormError } from "~/components/form/Field";
import { PhoneField } from "~/components/form/PhoneField";
import { PhoneCodeStep } from "~/components/verification/PhoneCodeStep";
import { safeRedirect } from "~/lib/redirect";
import otpCss from "~/styles/otp.css?url";

export const meta: MetaFunction = () => [{ title: "Shop sign-in with phone code" }];
// the page's meta description (root renders it: app/lib/meta.ts)
export const handle = {
  description: "Shop owners and staff sign in to the back office with a code sent to their phone.",
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: otpCss }];

/** The step lives in the URL (`?step=code&countryFlag=AU&mobile=…`), so it survives a reload and works without JavaScript. */
function codeStepUrl(phone: Phone, redirectTo: string) {
  const params = new URLSearchParams({ step: "code", countryFlag: phone.countryFlag, mobile: phone.mobile });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `/auth/shopkeeper/login?${params}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  const countryFlag = params.get("countryFlag") ?? "";
  const mobile = params.get("mobile") ?? "";
  const phone = params.get("step") === "code" ? parsePhone(countryFlag, mobile) : null;
  const shownPhone = phone ? formatPhone(phone) : "";
  return json({
    step: phone ? ("code" as const) : ("phone" as const),
    phone,
    shownPhone,
    countryFlag,
    mobile,
    redirectTo,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"), "");
  const api = new ApiClient(request);

  if (formData.get("intent") === "verify") {
    const submission = parseWithZod(formData, { schema: verifyOtpSchema });
    if (submission.status !== "success")
      return json({ intent: "verify" as const, result: submission.reply(), message: null }, { status: 400 });
    const result = await api.post("auth/verify-otp/shopOwner", submission.value);
    if (!result.success) {
      const reply = result.errors?.otp
        ? submission.reply({ fieldErrors: { otp: result.errors.otp } })
        : submission.reply({ formErrors: [result.message] });
      return json(
        { intent: "verify" as const, result: reply, message: null },
        { status: result.httpStatus, headers: api.headers },
      );
    }
    return redirect(safeRedirect(redirectTo, homeFor(result.data.user)), { headers: api.headers });
  }

  // "Send code" and "Resend OTP"
  const submission = parseWithZod(formData, { schema: sendOtpSchema });
  if (submission.status !== "success")
    return json({ intent: "send" as const, result: submission.reply(), message: null }, { status: 400 });
  const result = await api.post("auth/send-otp/shopOwner", submission.value);
  if (!result.success) {
    const reply = result.errors?.mobile
      ? submission.reply({ fieldErrors: { mobile: result.errors.mobile } })
      : submission.reply({ formErrors: [result.message] });
    return json(
      { intent: "send" as const, result: reply, message: result.message },
      { status: result.httpStatus, headers: api.headers },
    );
  }
  return redirectWithToast(
    codeStepUrl(submission.value, redirectTo),
    { type: "success", message: result.message },
    api.headers,
  );
}

export default function ShopkeeperLogin() {
  const data = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="3" color="gray" align="center">
        Shop sign-in with a code sent to your phone
      </Text>
      {data.step === "code" && data.phone ? (
        <CodeStep phone={data.phone} shownPhone={data.shownPhone} redirectTo={data.redirectTo} />
      ) : (
        <PhoneStep />
      )}
      <Text size="2" align="center">
        <Link href={`/auth/login${data.redirectTo ? `?redirectTo=${encodeURIComponent(data.redirectTo)}` : ""}`}>
          Sign in with e-mail and password
        </Link>
      </Text>
    </Flex>
  );
}

function PhoneStep() {
  const { countryFlag, mobile, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({
    id: "send-otp",
    lastResult: actionData?.intent === "send" ? actionData.result : undefined,
  });
  return (
    <Form key={key} method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PhoneField
        id="mobile"
        label="Mobile Number"
        countryFlag={countryFlag || undefined}
        mobile={mobile}
        errors={fields.mobile.errors}
      />
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" size="3" mt="3" style={{ width: "100%" }} loading={navigation.state === "submitting"}>
        Send code
      </Button>
    </Form>
  );
}

function CodeStep({ phone, shownPhone, redirectTo }: { phone: Phone; shownPhone: string; redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const carried = (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="countryFlag" value={phone.countryFlag} />
      <input type="hidden" name="mobile" value={phone.mobile} />
    </>
  );
  return (
    <>
      <Text as="p" size="2" align="center">
        We sent a 6-digit code to <strong>{shownPhone}</strong>.{" "}
        <Link
          href={`/auth/shopkeeper/login?${new URLSearchParams({ countryFlag: phone.countryFlag, mobile: phone.mobile, ...(redirectTo ? { redirectTo } : {}) })}`}
        >
          Change number
        </Link>
      </Text>
      <PhoneCodeStep
        id="verify-otp"
        lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
        verify={{ intent: "verify", carried }}
        resend={{ intent: "send", carried }}
        resendError={actionData?.intent === "send" ? actionData.message : null}
      />
    </>
  );
}
