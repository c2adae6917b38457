import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useEffect, useState } from "react";
import { MSG } from "#contract/core/messages";
import { OTP_LENGTH } from "#contract/phone/otp";
import { formatPhone, parsePhone } from "#contract/phone/phone-rules";
import { REGISTRATION_OTP_TYPE } from "#contract/people/registration";
import { registrationSendOtpSchema, registrationVerifyOtpSchema } from "#contract/people/registration-api";
import { isCrossSiteWrite } from "#server-shared/security";
import { ApiClient } from "~/services/api.server";
import { config } from "~/services/config.server";
import { ErrorList, FormError } from "~/components/form/Field";
import { GeneralError } from "~/components/layout/GeneralError";
import { OtpInput } from "~/components/form/OtpInput";
import { useLocationKey } from "~/lib/location-key";
import { RegisterShell } from "~/components/registration/RegisterShell";
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
  | { intent: "verify"; errors: string[]; formErrors: string[] }
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
  if (submission.status !== "success") {
    const error = submission.reply().error ?? {};
    return json<ActionData>(
      { intent: "verify", errors: error.otp ?? [], formErrors: error.otp ? [] : [MSG.invalidPhone] },
      { status: 400 },
    );
  }
  const result = await api.post("auth/verify-otp/influencer", submission.value);
  if (!result.success) {
    return json<ActionData>(
      { intent: "verify", errors: result.errors?.otp ?? [], formErrors: result.errors?.otp ? [] : [result.message] },
      { status: result.httpStatus },
    );
  }
  return redirect("/influencer/register/success");
}

export default function VerifyRegistration() {
  const { brand, phone, shownPhone, notSent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const locationKey = useLocationKey();
  const [filled, setFilled] = useState(0);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const verify = actionData?.intent === "verify" ? actionData : null;
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
        <Form method="post" data-refused={verify?.errors.length || verify?.formErrors.length ? true : undefined}>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="type" value={REGISTRATION_OTP_TYPE} />
          {phoneInputs}
          <Text as="p" id="otp-label" size="3" weight="medium" mb="2">
            Verify OTP
          </Text>
          {/* a fresh set of boxes after every answer (a resent code, a refused one) */}
          <OtpInput
            key={locationKey}
            labelId="otp-label"
            invalid={!!verify?.errors.length}
            errorId="otp-error"
            onFilled={setFilled}
          />
          <ErrorList id="otp-error" errors={verify?.errors} />
          <FormError errors={verify?.formErrors} />
          {/* 'Verify' is disabled until 6 digits once scripts run; without them the server checks the code */}
          <Button
            type="submit"
            size="3"
            mt="3"
            style={{ width: "100%" }}
            disabled={scripted && filled < OTP_LENGTH}
            loading={busy("verify")}
          >
            Verify
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          {phoneInputs}
          <FormError errors={resend?.failed ? [resend.failed] : null} />
          <Flex justify="center" mt="1">
            <Button type="submit" variant="ghost" size="2" loading={busy("resend")}>
              Resend OTP
            </Button>
          </Flex>
        </Form>
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
