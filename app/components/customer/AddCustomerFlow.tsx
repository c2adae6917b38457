import { Box, Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useState, type ReactNode } from "react";
import { CUSTOMER_IMAGE_PURPOSE } from "#contract/customers/customer-list";
import { OTP_LENGTH } from "#contract/phone/otp";
import { GENDERS } from "#contract/access/roles";
import type { AddFlowStep, ConfirmingCustomer, CustomerValues } from "~/services/customer-add.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { useLocationKey } from "~/lib/location-key";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { PhoneField } from "~/components/form/PhoneField";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { PersonAvatar } from "~/components/table/PersonCell";
import { CodeField, useCodeFilled } from "~/components/verification/PhoneCodeStep";
import { textOf } from "~/lib/posted";
import { DismissLink } from "~/components/layout/DismissLink";
import { FieldLabel } from "~/components/form/FieldLabel";

// spec 2 §4 Customer add flow, on the page (app/routes/app+/add-customer.tsx) or in the list's modal: the step the
// last post answered (none: the phone search). Every form posts to `action`; what was typed rides in hidden fields.
// `closeHref` leaves the flow (the list without the modal's URL state), so Cancel works without JavaScript too.

type Step = AddFlowStep | null | undefined;

export function AddCustomerFlow({
  step,
  action,
  restartHref,
  closeHref,
}: {
  step: Step;
  action: string;
  restartHref: string;
  closeHref: string;
}) {
  if (step?.step === "done") return <SavedThenReturn saved={step.saved} />;
  if (step?.step === "found")
    return <FoundStep step={step} action={action} restartHref={restartHref} closeHref={closeHref} />;
  if (step?.step === "form")
    return <RegisterStep step={step} action={action} restartHref={restartHref} closeHref={closeHref} />;
  if (step?.step === "code") return <CodeStep step={step} action={action} closeHref={closeHref} />;
  if (step?.step === "confirm") return <ConfirmStep step={step} action={action} closeHref={closeHref} />;
  return <PhoneStep step={step?.step === "phone" ? step : null} action={action} closeHref={closeHref} />;
}

/** A posted value that is text (conform's initial values are whatever was posted). */
/** What a step of the flow gets: its state, where its forms post, and the links that start again and close. */
type StepProps<S extends AddFlowStep["step"]> = {
  step: Extract<AddFlowStep, { step: S }>;
  action: string;
  restartHref: string;
  closeHref: string;
};

const busyWith = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

/** Hidden fields carrying what was typed into the next step's forms. */
function Carried({ values, shownPhone }: { values: CustomerValues; shownPhone?: string }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {shownPhone ? <input type="hidden" name="shownPhone" value={shownPhone} /> : null}
    </>
  );
}

/** 1) Search by phone number. */
function PhoneStep({
  step,
  action,
  closeHref,
}: {
  step: Extract<AddFlowStep, { step: "phone" }> | null;
  action: string;
  closeHref: string;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "customer-search", lastResult: step?.result });
  const typed = step?.result.initialValue;
  return (
    <Form key={key} method="post" action={action} {...getFormProps(form)} data-testid="customer-search">
      <input type="hidden" name="intent" value="search" />
      <input type="hidden" name="type" value="mobile" />
      <Text as="p" size="2" color="gray" mb="3">
        Search for the customer by phone number. If no customer uses it, you can register them.
      </Text>
      <PhoneField
        id="customer-search-mobile"
        label="Mobile Number"
        countryFlag={textOf(typed?.countryFlag)}
        mobile={textOf(typed?.mobile)}
        errors={fields.mobile.errors}
      />
      <FormError id={form.errorId} errors={form.errors} />
      <Flex justify="end" gap="3" mt="3">
        <DismissLink to={closeHref}>Cancel</DismissLink>
        <Button type="submit" loading={busyWith(navigation, "search")}>
          Search
        </Button>
      </Flex>
    </Form>
  );
}

/** "Mobile +61 400 000 002" lines of a found customer; a missing value is left out. */
function Contact({ lines }: { lines: [string, string | null][] }) {
  return (
    <dl className="customer-found-contact">
      {lines
        .filter((line): line is [string, string] => !!line[1])
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * 2) Found. A customer the shop knows: their details, to open (staff without the customer module's 'view' cannot). One
 * only another shop knows: name and masked contact, and a code to their phone to confirm the shop may see them.
 */
function FoundStep({ step, action, restartHref, closeHref }: StepProps<"found">) {
  const navigation = useNavigation();
  const { found } = step;
  const name = `${found.fName} ${found.lName}`.trim();
  const shownPhone = found.mobile ? `${found.countryCode ?? ""} ${found.mobile}`.trim() : "";
  return (
    <Box data-testid="customer-found">
      <Callout.Root color={step.needsConfirmation ? "blue" : "green"} size="1" mb="3" role="status">
        <Callout.Text>
          {step.needsConfirmation
            ? `${step.message}. To add them to your customers and see their details, they confirm with a code texted to their phone.`
            : "This customer is already one of your customers."}
        </Callout.Text>
      </Callout.Root>
      <Flex align="center" gap="3" mb="4">
        <PersonAvatar person={found} size={48} />
        <Box>
          <Text as="p" weight="medium">
            {name}
          </Text>
          <Contact
            lines={[
              ["Mobile", shownPhone || null],
              ["Email", found.email],
              ["Gender", found.gender],
            ]}
          />
        </Box>
      </Flex>
      <Flex gap="3" justify="end" wrap="wrap">
        <DismissLink to={closeHref}>Cancel</DismissLink>
        <Button asChild variant="soft" color="gray">
          <Link to={restartHref}>Search another number</Link>
        </Button>
        {step.needsConfirmation ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="confirm-send" />
            <ConfirmingFields customer={{ customerId: found._id, name, shownPhone }} />
            <Button type="submit" loading={busyWith(navigation, "confirm-send")}>
              Send Code
            </Button>
          </Form>
        ) : null}
        {step.canOpen ? (
          <Button asChild>
            <Link to={`/app/customer/${found._id}`}>Open customer</Link>
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}

/** Hidden fields carrying the customer being confirmed into the code step's forms. */
function ConfirmingFields({ customer }: { customer: ConfirmingCustomer }) {
  return (
    <>
      {Object.entries(customer).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** 2) Not found: the registration form; 3) its submit sends a code. */
function RegisterStep({ step, action, restartHref, closeHref }: StepProps<"form">) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const { form, fields, key } = useFormKit({
    id: "customer-register",
    lastResult: step.result,
    defaultValue: step.values,
  });
  const value = (name: keyof CustomerValues) => textOf(fields[name].initialValue) ?? step.values[name] ?? "";
  // a refusal of the API (a taken number, a failed resend) that is not on a field
  const notice = !step.result ? step.message : null;
  return (
    <Form
      key={key}
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      data-testid="customer-register"
    >
      <input type="hidden" name="intent" value="send" />
      {notice ? (
        <Text as="p" size="2" color="gray" mb="3">
          {notice}. Register them below.
        </Text>
      ) : null}
      <Field label="Full Name" field={fields.fName} inputProps={{ autoComplete: "off" }} />
      <PhoneField
        id="customer-mobile"
        label="Mobile Number"
        countryFlag={value("countryFlag") || undefined}
        mobile={value("mobile")}
        errors={fields.mobile.errors}
      />
      <Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: "off" }} />
      <fieldset
        className="plain-fieldset"
        aria-describedby={fields.gender.errors?.length ? fields.gender.errorId : undefined}
      >
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
        <FieldLabel htmlFor="customer-image">Image (optional)</FieldLabel>
        <ImageUpload
          id="customer-image"
          name="image"
          purpose={CUSTOMER_IMAGE_PURPOSE}
          defaultValue={value("image") || null}
          error={fields.image.errors?.[0]}
          onUploadingChange={setUploading}
        />
      </Box>
      <FormError id={form.errorId} errors={form.errors} />
      <Flex gap="3" justify="end" mt="3">
        <DismissLink to={closeHref}>Cancel</DismissLink>
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
function CodeStep({ step, action, closeHref }: Omit<StepProps<"code">, "restartHref">) {
  return (
    <CodeForms
      result={step.result}
      notice={step.notice}
      shownPhone={step.shownPhone}
      action={action}
      closeHref={closeHref}
      verify={{
        intent: "verify",
        carried: (
          <>
            <input type="hidden" name="role" value="endUser" />
            <Carried values={step.values} shownPhone={step.shownPhone} />
          </>
        ),
      }}
      resend={{ intent: "resend", carried: <Carried values={step.values} /> }}
    />
  );
}

/** A found customer's code confirms the shop may see them (ADR 0048); Resend OTP as for a registration. */
function ConfirmStep({ step, action, closeHref }: Omit<StepProps<"confirm">, "restartHref">) {
  const carried = <ConfirmingFields customer={step.customer} />;
  return (
    <CodeForms
      result={step.result}
      notice={step.notice}
      shownPhone={`${step.customer.name} (${step.customer.shownPhone})`}
      action={action}
      closeHref={closeHref}
      verify={{ intent: "confirm", carried }}
      resend={{ intent: "confirm-resend", carried }}
    />
  );
}

/** The code step's two forms: the six digits and Verify, and Resend OTP; each posts its intent with what it carries. */
function CodeForms(props: {
  result?: Extract<AddFlowStep, { step: "code" }>["result"];
  notice?: string | null;
  shownPhone: string;
  action: string;
  closeHref: string;
  verify: { intent: string; carried: ReactNode };
  resend: { intent: string; carried: ReactNode };
}) {
  const { result, notice, shownPhone, action, closeHref, verify, resend } = props;
  const navigation = useNavigation();
  const locationKey = useLocationKey();
  const { filled, setFilled, scripted } = useCodeFilled();
  const { form, fields, key } = useFormKit({ id: "customer-code", lastResult: result });
  return (
    <Box data-testid="customer-code">
      {notice ? (
        <Callout.Root color="green" size="1" mb="3" role="status">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Text as="p" size="2" mb="3">
        We sent a 6-digit code to <strong>{shownPhone}</strong>. Ask the customer for it.
      </Text>
      <Form key={key} method="post" action={action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value={verify.intent} />
        {verify.carried}
        <CodeField
          labelId="customer-otp-label"
          resetKey={`${locationKey}:${key}`}
          errors={fields.otp.errors}
          errorId={fields.otp.errorId}
          formErrors={form.errors}
          formErrorId={form.errorId}
          onFilled={setFilled}
        />
        <Flex justify="end" gap="3" mt="3">
          <DismissLink to={closeHref}>Cancel</DismissLink>
          <Button
            type="submit"
            loading={busyWith(navigation, verify.intent)}
            disabled={scripted && filled > 0 && filled < OTP_LENGTH}
          >
            Verify
          </Button>
        </Flex>
      </Form>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value={resend.intent} />
        {resend.carried}
        <Flex justify="center" mt="2">
          <Button type="submit" variant="ghost" size="2" loading={busyWith(navigation, resend.intent)}>
            Resend OTP
          </Button>
        </Flex>
      </Form>
    </Box>
  );
}

// the list page loads the flow as a lazy island (its modal), keeping the list's first load light
export default AddCustomerFlow;
