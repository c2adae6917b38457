import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useEffect, useRef, useState } from "react";
import { INFLUENCER_GENDERS, PORTFOLIO_MAX, SOCIAL_IDS, parseDob } from "#contract/people/influencers";
import { MSG } from "#contract/core/messages";
import { REG_BIO_MAX, REG_NAME_MAX } from "#contract/people/registration";
import { registrationSchema } from "#contract/people/registration-api";
import { isCrossSiteWrite } from "#server-shared/security";
import { ApiClient } from "~/services/api.server";
import { replyWithApiRefusal } from "~/services/forms.server";
import { fieldMessages } from "~/services/registration.server";
import { geoOptions, postedLocation, type GeoOptions } from "~/services/geo.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { config } from "~/services/config.server";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { GeoFields } from "~/components/form/GeoFields";
import { PhoneField } from "~/components/form/PhoneField";
import { usePlainFormErrors } from "~/components/form/plain-form-errors";
import { DAY_FIELD } from "~/components/form/day-field";
import { GeneralError } from "~/components/layout/GeneralError";
import { BioField, EthnicityField } from "~/components/influencer/InfluencerFields";
import { PictureUpload } from "~/components/registration/PictureUpload";
import { RegisterShell } from "~/components/registration/RegisterShell";
import registrationCss from "~/styles/registration.css?url";
import searchSelectCss from "~/styles/search-select.css?url";

// spec 1 §2 Influencer public registration (no sign-in). This page is the form; the code step is /influencer/register/verify.
// It ships no form library and no schema (budget 110 KB, ARCHITECTURE §8): the action checks everything and answers
// the errors and the values to show again.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Register with ${data?.brand ?? "us"}` }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: registrationCss },
  { rel: "stylesheet", href: searchSelectCss },
];

const GEO_INTENT = "show-places";
const socialIdsRequired = () => config().INFLUENCER_SOCIAL_IDS_REQUIRED === "true";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({
    brand: config().BRAND_NAME,
    // spec 1 §5 gives both readings of the social ids; the setting chooses for the page and the API alike
    socialIdsRequired: socialIdsRequired(),
    geo: await geoOptions(new ApiClient(request), {}),
  });
}

type Values = Record<string, string | string[]>;
interface ActionData {
  errors: Record<string, string[]>;
  formErrors: string[];
  values: Values;
  geo: GeoOptions;
}

/** The posted form as the values to show again (files are already locations by now). */
function postedValues(formData: FormData): Values {
  const values: Values = {};
  for (const key of new Set(formData.keys())) {
    const all = formData.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = key === "portfolio" || all.length > 1 ? all : (all[0] ?? "");
  }
  return values;
}

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const api = new ApiClient(request);
  // without JavaScript the pictures come with the form and are stored here as anonymous uploads (ADR 0019)
  const { formData, fileErrors } = await readFormWithFiles(
    request,
    api,
    { profileImage: "profileImage", portfolio: "portfolio" },
    { multiple: ["portfolio"], api: "upload/public" },
  );
  const screen = async (errors: Record<string, string[]>, formErrors: string[] = [], status = 400) =>
    json<ActionData>(
      { errors, formErrors, values: postedValues(formData), geo: await geoOptions(api, postedLocation(formData)) },
      { status, headers: api.headers },
    );
  const fileFieldErrors = Object.fromEntries(Object.entries(fileErrors).map(([field, message]) => [field, [message]]));

  // without JavaScript: "Show states / cities" and removing a picture post the form back, nothing is checked
  const removed = formData.get("removePicture");
  if (typeof removed === "string") {
    const [field, location] = removed.split("|");
    const kept = formData.getAll(field).filter((l) => l !== location);
    formData.delete(field);
    kept.forEach((l) => formData.append(field, l));
  }
  if (formData.get("intent") === GEO_INTENT || removed) return screen(fileFieldErrors, [], 200);

  // the date of birth is typed DD/MM/YYYY (spec 1 §9, as Add Influencer); the API takes YYYY-MM-DD. The values shown
  // again are the ones typed.
  const dobText = String(formData.get("dob") ?? "").trim();
  const dob = dobText ? parseDob(dobText) : "";
  const checked = new FormData();
  for (const [key, value] of formData) if (key !== "dob") checked.append(key, value);
  checked.set("dob", dob ?? dobText);
  const submission = parseWithZod(checked, { schema: registrationSchema(socialIdsRequired()) });
  if (submission.status !== "success" || dob === null || Object.keys(fileFieldErrors).length) {
    const reply = submission.reply();
    const errors = fieldMessages(reply.error);
    if (dob === null) errors.dob = [MSG.dobInvalid];
    return screen({ ...errors, ...fileFieldErrors }, reply.error?.[""] ?? []);
  }
  const result = await api.post("auth/register-influencer", {
    ...submission.value,
    profileImage: submission.value.profileImage ?? undefined,
  });
  if (!result.success) {
    const reply = replyWithApiRefusal(submission, result, (field) =>
      Object.hasOwn(submission.payload, field) || field === "portfolio" || field === "profileImage" ? field : null,
    );
    return screen(fieldMessages(reply.error), reply.error?.[""] ?? [], result.httpStatus);
  }
  // spec 1 §4, §8: registered even when the code could not be sent; then the toast says why and the next step offers Resend OTP
  const { countryFlag, mobile, otpSent, otpError } = result.data;
  const next = `/influencer/register/verify?${new URLSearchParams({ countryFlag, mobile, ...(otpSent ? {} : { sent: "0" }) })}`;
  return redirectWithToast(
    next,
    otpSent
      ? { type: "success", message: result.message }
      : { type: "error", message: `${result.message} ${otpError}` },
    api.headers,
  );
}

const NO_VALUES: Values = {};
const NO_ERRORS: Record<string, string[]> = {};

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <Text as="label" htmlFor={htmlFor} size="2" weight="medium" mb="1" style={{ display: "block" }}>
      {children}
    </Text>
  );
}

export default function Register() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const values = actionData?.values ?? NO_VALUES;
  // after a refused submit the focus goes to the first field in error, as a screen reader user expects
  useEffect(() => {
    if (actionData && Object.keys(actionData.errors).length)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);
  // spec 1 §5 "The phone is revalidated on change": an error clears once its field changes; Register checks again
  const { errors, onInput, onChange } = usePlainFormErrors(actionData?.errors ?? NO_ERRORS, values);
  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };
  const pictures = (name: string) => [values[name] ?? []].flat().filter(Boolean);
  const invalid = (name: string) => (errors[name]?.length ? true : undefined);
  // a field and its message, tied for assistive technology
  const errorOf = (name: string) => ({
    "aria-invalid": invalid(name),
    "aria-describedby": errors[name]?.length ? `reg-${name}-error` : undefined,
  });
  // pickers report only when they start or stop uploading; their first report (not busy) counts nothing
  const track = (on: boolean) => setBusy((n) => Math.max(0, n + (on ? 1 : -1)));
  const input = (name: string, extra: Record<string, unknown> = {}) => ({
    id: `reg-${name}`,
    name,
    defaultValue: text(name),
    ...extra,
  });
  const submitting = navigation.state === "submitting" && !navigation.formData?.get("intent");

  return (
    <RegisterShell brand={loaderData.brand}>
      {/* the key gives a fresh form (and fresh default values) after every answer of the action */}
      <Form
        ref={form}
        key={actionData ? JSON.stringify(values) : "new"}
        method="post"
        encType="multipart/form-data"
        noValidate
        className="register-form"
        onInput={onInput}
        onChange={onChange}
      >
        <Box mb="3">
          <Label htmlFor="profile-image">Profile Image</Label>
          <PictureUpload
            id="profile-image"
            name="profileImage"
            purpose="profileImage"
            max={1}
            label="Profile image"
            initial={pictures("profileImage")}
            errors={errors.profileImage}
            onBusy={track}
          />
        </Box>
        <Field
          label="Full Name"
          errors={errors.fName}
          errorId="reg-fName-error"
          inputProps={input("fName", { maxLength: REG_NAME_MAX, autoComplete: "name" })}
        />
        <PhoneField
          id="mobile"
          label="Mobile Number"
          countryFlag={text("countryFlag") || undefined}
          mobile={text("mobile")}
          errors={errors.mobile}
          required={false}
        />
        <Field
          label="Email Id"
          errors={errors.email}
          errorId="reg-email-error"
          inputProps={input("email", { type: "email", maxLength: 100, autoComplete: "email" })}
        />
        <Flex gap="3" wrap="wrap">
          <Box mb="3" className="register-half">
            <Label htmlFor="reg-gender">Gender</Label>
            <select {...input("gender")} className="native-select" {...errorOf("gender")}>
              <option value="">Select gender</option>
              {INFLUENCER_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
            <ErrorList id="reg-gender-error" errors={errors.gender} />
          </Box>
          <Box mb="3" className="register-half">
            <Label htmlFor="reg-dob">Date of Birth</Label>
            {/* DD/MM/YYYY whatever the browser's locale (spec 1 §9), as on Add Influencer; a future date is refused */}
            <input
              {...input("dob", { ...DAY_FIELD, autoComplete: "bday" })}
              className="native-select"
              {...errorOf("dob")}
            />
            <ErrorList id="reg-dob-error" errors={errors.dob} />
          </Box>
        </Flex>
        <EthnicityField
          id="reg-ethnicity"
          name="ethnicity"
          defaultValue={text("ethnicity")}
          errors={errors.ethnicity}
          errorId="reg-ethnicity-error"
        />
        <GeoFields
          idPrefix="register"
          geo={actionData?.geo ?? loaderData.geo}
          refreshIntent={GEO_INTENT}
          errors={{ country: errors.country, state: errors.state, city: errors.city }}
        />
        <Flex gap="3" wrap="wrap">
          {SOCIAL_IDS.map((s) => (
            <Box key={s.name} className="register-half">
              <Field
                label={`${s.label}${loaderData.socialIdsRequired ? "" : " (optional)"}`}
                errors={errors[s.name]}
                errorId={`reg-${s.name}-error`}
                inputProps={input(s.name, {
                  maxLength: 100,
                  placeholder: `${s.label} id`,
                  "aria-required": loaderData.socialIdsRequired || undefined,
                })}
              />
            </Box>
          ))}
        </Flex>
        <BioField
          errors={errors.bio}
          errorId="reg-bio-error"
          textareaProps={{ ...input("bio", { maxLength: REG_BIO_MAX }), id: "reg-bio", className: "register-textarea" }}
        />
        <Box mb="4">
          <Label htmlFor="portfolio-files">Portfolio</Label>
          <PictureUpload
            id="portfolio-files"
            name="portfolio"
            purpose="portfolio"
            max={PORTFOLIO_MAX}
            label="Portfolio"
            initial={pictures("portfolio")}
            errors={errors.portfolio}
            onBusy={track}
          />
        </Box>
        <FormError errors={actionData?.formErrors} />
        {/* spec 1 §4 File upload: Submit is disabled while a file uploads */}
        <Button type="submit" size="3" mt="2" style={{ width: "100%" }} disabled={busy > 0} loading={submitting}>
          Register
        </Button>
      </Form>
    </RegisterShell>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
