import type { SubmissionResult } from "@conform-to/react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { OTP_LENGTH } from "#contract/phone/otp";
import { Form } from "~/components/remix";
import { ErrorList, FormError } from "~/components/form/Field";
import { OtpInput } from "~/components/form/OtpInput";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { useLocationKey } from "~/lib/location-key";

/** How many digits of the code are in, and whether scripts run (without them the server checks the code). */
export function useCodeFilled() {
  const [filled, setFilled] = useState(0);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return { filled, setFilled, scripted };
}

/** 'Verify OTP', the code's boxes, the code's errors and the form's; fresh boxes whenever `resetKey` changes. */
export function CodeField({
  labelId,
  labelSize = "2",
  resetKey,
  errors,
  errorId,
  formErrors,
  formErrorId,
  onFilled,
}: {
  labelId: string;
  labelSize?: "2" | "3";
  resetKey: string;
  errors?: string[];
  errorId: string;
  formErrors?: string[];
  formErrorId: string;
  onFilled: (n: number) => void;
}) {
  return (
    <>
      <Text as="p" id={labelId} size={labelSize} weight="medium" mb="2">
        Verify OTP
      </Text>
      {/* a fresh set of boxes after every navigation (a resent code, a refused one) */}
      <OtpInput key={resetKey} labelId={labelId} invalid={!!errors?.length} errorId={errorId} onFilled={onFilled} />
      <ErrorList id={errorId} errors={errors} />
      <FormError id={formErrorId} errors={formErrors} />
    </>
  );
}

/** One of the step's two forms: the `intent` it posts and the hidden fields it carries (the phone, where to go next). */
interface CodeForm {
  intent: string;
  carried: ReactNode;
}

/**
 * The phone-code step (spec 1 §2): the six digits and Verify, then Resend OTP, each a form of its own that posts its
 * intent to the page's action, so both work without JavaScript. The shop sign-in and the influencer registration
 * show it; the action answers a refused code with a conform reply (`lastResult`) and a failed resend with `resendError`.
 */
export function PhoneCodeStep({
  id,
  lastResult,
  verify,
  resend,
  resendError,
  labelSize = "2",
}: {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  verify: CodeForm;
  resend: CodeForm;
  resendError?: string | null;
  labelSize?: "2" | "3";
}) {
  const navigation = useNavigation();
  const locationKey = useLocationKey();
  const { filled, setFilled, scripted } = useCodeFilled();
  const { form, fields, key } = useFormKit({ id, lastResult });
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <>
      {/* data-refused: the page's toast gives way to the refusal (registration.css) */}
      <Form key={key} method="post" {...getFormProps(form)} data-refused={lastResult?.error ? true : undefined}>
        <input type="hidden" name="intent" value={verify.intent} />
        {verify.carried}
        <CodeField
          labelId="otp-label"
          labelSize={labelSize}
          resetKey={locationKey}
          errors={fields.otp.errors}
          errorId={fields.otp.errorId}
          formErrors={form.errors}
          formErrorId={form.errorId}
          onFilled={setFilled}
        />
        {/* disabled until 6 digits only once scripts run: without JavaScript the server checks the code */}
        <Button
          type="submit"
          size="3"
          mt="3"
          style={{ width: "100%" }}
          disabled={scripted && filled < OTP_LENGTH}
          loading={busy(verify.intent)}
        >
          Verify
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={resend.intent} />
        {resend.carried}
        <FormError errors={resendError ? [resendError] : null} />
        <Flex justify="center" mt="1">
          <Button type="submit" variant="ghost" size="2" loading={busy(resend.intent)}>
            Resend OTP
          </Button>
        </Flex>
      </Form>
    </>
  );
}
