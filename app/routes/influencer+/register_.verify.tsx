import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { Flex, Link, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MSG } from "#contract/core/messages";
import { formatPhone, parsePhone } from "#contract/phone/phone-rules";
import { REGISTRATION_OTP_TYPE } from "#contract/people/registration";
import { registrationSendOtpSchema, registrationVerifyOtpSchema } from "#contract/people/registration-api";
import { isCrossSiteWrite } from "#server-shared/security";
import { ApiClient } from "~/services/api.server";
import { replyWithApiRefusal } from "~/services/forms.server";
import { config } from "~/services/config.server";
import { FormError } from "~/components/form/Field";
import { GeneralError } from "~/components/layout/GeneralError";
import { RegisterShell } from "~/components/registration/RegisterShell";
import { PhoneCodeStep } from "~/components/verification/PhoneCodeStep";
import otpCss from "~/styles/otp.css?url";
import registrationCss from "~/styles/registration.css?url";

// spec 1 §2, §4: after a successful submit the registration switches to the code step ('Verify OTP'). The phone is in
// the URL, so the step survives a reload and works without JavaScript.
export const meta: MetaFunction = () => [{ title: "Verify OTP" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: registrationCss },
  { rel: "stylesheet", href: otpCss },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const phone = parsePhone(params.get("countryFlag") ?? "", params.get("mobile") ?? "");
  if (!phone) throw redirect("/influencer/register");
  // sent=0: registered, but the code did not go out (the toast said why)
  return json({
    brand: config().BRAND_NAME,
    phone,
    shownPhone: formatPhone(phone),
    notSent: params.get("sent") === "0",
  });
}

type ActionData =
  | { intent: "verify"; result: SubmissionResult<string[]> }
  | { intent: "resend"; sent: string | null; failed: string | null };

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const formData = await request.formData();
  const api = new ApiClient(request);
  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: registrationSendOtpSchema });
    if (submission.status !== "success")
      return json<ActionData>({ intent: "resend", sent: null, failed: MSG.invalidPhone }, { status: 400 });
    const result = await api.post("auth/send-otp/influencer", submission.value);
    // spec 1 §8: a code that could not be sent says why, and Resend OTP stays offered
    const failed = result.success
      ? null
      : result.message.startsWith("Failed to send OTP")
        ? result.message
        : MSG.otpSendFailed(result.message);
    return json<ActionData>(
      { intent: "resend", sent: result.success ? result.message : null, failed },
      { status: result.success ? 200 : result.httpStatus },
    );
  }
  const submission = parseWithZod(formData, { schema: registrationVerifyOtpSchema });
  // a code the schema refuses is shown on the boxes; a phone it refuses (the hidden fields) as the form's error
  if (submission.status !== "success") {
    const result = submission.reply(submission.error?.otp ? {} : { formErrors: [MSG.invalidPhone] });
    return json<ActionData>({ intent: "verify", result }, { status: 400 });
  }
  const result = await api.post("auth/verify-otp/influencer", submission.value);
  if (!result.success)
    return json<ActionData>(
      { intent: "verify", result: replyWithApiRefusal(submission, result, ["otp"]) },
      { status: result.httpStatus },
    );
  return redirect("/influencer/register/success");
}

export default function VerifyRegistration() {
  const { brand, phone, shownPhone, notSent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resend = actionData?.intent === "resend" ? actionData : null;
  const phoneInputs = (
    <>
      <input type="hidden" name="countryFlag" value={phone.countryFlag} />
      <input type="hidden" name="countryCode" value={phone.countryCode} />
      <input type="hidden" name="mobile" value={phone.mobile} />
    </>
  );
  return (
    <RegisterShell brand={brand}>
      <Flex direction="column" gap="3">
        {notSent && !resend?.sent ? <FormError errors={[MSG.regOtpNotSent]} /> : null}
        <Text as="p" size="2">
          {resend?.sent ? `${resend.sent}: ` : notSent ? "Your mobile number: " : "Enter the 6-digit code we sent to "}
          <strong>{shownPhone}</strong>.
        </Text>
        <PhoneCodeStep
          id="register-otp"
          lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
          labelSize="3"
          verify={{
            intent: "verify",
            carried: (
              <>
                <input type="hidden" name="type" value={REGISTRATION_OTP_TYPE} />
                {phoneInputs}
              </>
            ),
          }}
          resend={{ intent: "resend", carried: phoneInputs }}
          resendError={resend?.failed}
        />
        <Text size="2" align="center" color="gray">
          Wrong number? <Link href="/influencer/register">Register again</Link>
        </Text>
      </Flex>
    </RegisterShell>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
