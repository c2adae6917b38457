import { getFormProps, getInputProps } from "@conform-to/react";
import { Box, Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useEffect, useState } from "react";
import { CUSTOMER_IMAGE_PURPOSE } from "#contract/customer-list";
import { OTP_LENGTH } from "#contract/otp";
import { GENDERS } from "#contract/roles";
import type { AddFlowStep, CustomerValues } from "~/services/customer-add.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { useLocationKey } from "~/lib/location-key";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { OtpInput } from "~/components/form/OtpInput";
import { PhoneField } from "~/components/form/PhoneField";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { PersonAvatar } from "~/components/table/PersonCell";

// spec 2 §4 Customer add flow, on the page (app/routes/app+/add-customer.tsx) or in the list's modal: the step the
// last post answered (none: the phone search). Every form posts to `action`; what was typed rides in hidden fields.

type Step = AddFlowStep | null | undefined;

export function AddCustomerFlow({ step, action, restartHref }: { step: Step; action: string; restartHref: string }) {
  if (step?.step === "done") return <SavedThenReturn saved={step.saved} />;
  if (step?.step === "found") return <FoundStep step={step} restartHref={restartHref} />;
  if (step?.step === "form") return <RegisterStep step={step} action={action} restartHref={restartHref} />;
  if (step?.step === "code") return <CodeStep step={step} action={action} />;
  return <PhoneStep step={step?.step === "phone" ? step : null} action={action} />;
}

const busyWith = (navigation: ReturnType<typeof useNavigation>, intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

/** Hidden fields carrying what was typed into the next step's forms. */
function Carried({ values, shownPhone }: { values: CustomerValues; shownPhone?: string }) {
  return (
    <>
      {(Object.keys(values) as (keyof CustomerValues)[]).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      {shownPhone ? <input type="hidden" name="shownPhone" value={shownPhone} /> : null}
    </>
  );
}

/** 1) Search by phone number. */
function PhoneStep({ step, action }: { step: Extract<AddFlowStep, { step: "phone" }> | null; action: string }) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "customer-search", lastResult: step?.result });
  const typed = step?.result.initialValue as { countryFlag?: string; mobile?: string } | undefined;
  return (
    <Form key={key} method="post" action={action} {...getFormProps(form)} data-testid="customer-search">
      <input type="hidden" name="intent" value="search" />
      <input type="hidden" name="type" value="mobile" />
      <Text as="p" size="2" color="gray" mb="3">
        Search for the customer by phone number. If no customer uses it, you can register them.
      </Text>
      <PhoneField id="customer-search-mobile" label="Mobile Number" countryFlag={typed?.countryFlag} mobile={typed?.mobile} errors={fields.mobile.errors} />
      <FormError id={form.errorId} errors={form.errors} />
      <Flex justify="end" mt="3">
        <Button type="submit" loading={busyWith(navigation, "search")}>
          Search
        </Button>
      </Flex>
    </Form>
  );
}

/** 2) Found: open the customer (the shop now counts them); staff without the customer module's 'view' cannot open them. */
function FoundStep({ step, restartHref }: { step: Extract<AddFlowStep, { step: "found" }>; restartHref: string }) {
  const { found } = step;
  return (
    <Box data-testid="customer-found">
      <Callout.Root color="green" size="1" mb="3" role="status">
        <Callout.Text>{step.alreadyCustomer ? "This customer is already one of your customers." : `${step.message}. They are now one of your customers.`}</Callout.Text>
      </Callout.Root>
      <Flex align="center" gap="3" mb="4">
        <PersonAvatar person={found} size={48} />
        <Box>
          <Text as="p" weight="medium">
            {`${found.fName} ${found.lName}`.trim()}
          </Text>
          <Text as="p" size="2" color="gray">
            {found.countryCode} {found.mobile}
          </Text>
        </Box>
      </Flex>
      <Flex gap="3" justify="end">
        <Button asChild variant="soft" color="gray">
          <Link to={restartHref}>Search another number</Link>
        </Button>
        {step.canOpen ? (
          <Button asChild>
            <Link to={`/app/customer/${found._id}`}>Open customer</Link>
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}

/** 2) Not found: the registration form; 3) its submit sends a code. */
function RegisterStep({ step, action, restartHref }: { step: Extract<AddFlowStep, { step: "form" }>; action: string; restartHref: string }) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const { form, fields, key } = useFormKit({ id: "customer-register", lastResult: step.result, defaultValue: step.values });
  const value = (name: keyof CustomerValues) => (fields[name].initialValue as string | undefined) ?? step.values[name] ?? "";
  // a refusal of the API (a taken number, a failed resend) that is not on a field
  const notice = !step.result ? step.message : null;
  return (
    <Form key={key} method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} data-testid="customer-register">
      <input type="hidden" name="intent" value="send" />
      {notice ? (
        <Text as="p" size="2" color="gray" mb="3">
          {notice}. Register them below.
        </Text>
      ) : null}
      <Field label="Full Name" errors={fields.fName.errors} errorId={fields.fName.errorId} inputProps={{ ...getInputProps(fields.fName, { type: "text" }), autoComplete: "off" }} />
      <PhoneField id="customer-mobile" label="Mobile Number" countryFlag={value("countryFlag") || undefined} mobile={value("mobile")} errors={fields.mobile.errors} />
      <Field label="Email" errors={fields.email.errors} errorId={fields.email.errorId} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} />
      <fieldset className="plain-fieldset" aria-describedby={fields.gender.errors?.length ? fields.gender.errorId : undefined}>
        <legend className="rt-Text rt-r-size-2 rt-r-weight-medium">Gender</legend>
        <Flex gap="4" mt="1">
          {GENDERS.map((gender) => (
            <Text as="label" size="2" key={gender}>
              <Flex gap="1" align="center">
                <input type="radio" name="gender" value={gender} defaultChecked={value("gender") === gender} />
                {gender}
              </Flex>
            </Text>
          ))}
        </Flex>
        <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
      </fieldset>
      <Box mb="3">
        <Text as="label" htmlFor="customer-image" size="2" weight="medium" mb="1" style={{ display: "block" }}>
          Image (optional)
        </Text>
        <ImageUpload id="customer-image" name="image" purpose={CUSTOMER_IMAGE_PURPOSE} defaultValue={value("image") || null} error={fields.image.errors?.[0]} onUploadingChange={setUploading} />
      </Box>
      <FormError id={form.errorId} errors={form.errors} />
      <Flex gap="3" justify="end" mt="3">
        <Button asChild variant="soft" color="gray">
          <Link to={restartHref}>Back</Link>
        </Button>
        <Button type="submit" loading={busyWith(navigation, "send")} disabled={uploading}>
          Send Code
        </Button>
      </Flex>
    </Form>
  );
}

/** 4) The 6-digit code verifies and registers; 5) Resend OTP. */
function CodeStep({ step, action }: { step: Extract<AddFlowStep, { step: "code" }>; action: string }) {
  const navigation = useNavigation();
  const locationKey = useLocationKey();
  const [filled, setFilled] = useState(0);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const { form, fields, key } = useFormKit({ id: "customer-code", lastResult: step.result });
  return (
    <Box data-testid="customer-code">
      {step.notice ? (
        <Callout.Root color="green" size="1" mb="3" role="status">
          <Callout.Text>{step.notice}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Text as="p" size="2" mb="3">
        We sent a 6-digit code to <strong>{step.shownPhone}</strong>. Ask the customer for it.
      </Text>
      <Form key={key} method="post" action={action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="role" value="endUser" />
        <Carried values={step.values} shownPhone={step.shownPhone} />
        <Text as="p" id="customer-otp-label" size="2" weight="medium" mb="2">
          Verify OTP
        </Text>
        {/* fresh boxes after every answer (a resent code, a refused one) */}
        <OtpInput key={`${locationKey}:${key}`} labelId="customer-otp-label" invalid={!!fields.otp.errors?.length} errorId={fields.otp.errorId} onFilled={setFilled} />
        <ErrorList id={fields.otp.errorId} errors={fields.otp.errors} />
        <FormError id={form.errorId} errors={form.errors} />
        <Flex justify="end" mt="3">
          <Button type="submit" loading={busyWith(navigation, "verify")} disabled={scripted && filled > 0 && filled < OTP_LENGTH}>
            Verify
          </Button>
        </Flex>
      </Form>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="resend" />
        <Carried values={step.values} />
        <Flex justify="center" mt="2">
          <Button type="submit" variant="ghost" size="2" loading={busyWith(navigation, "resend")}>
            Resend OTP
          </Button>
        </Flex>
      </Form>
    </Box>
  );
}

// the list page loads the flow as a lazy island (its modal), keeping the list's first load light
export default AddCustomerFlow;
