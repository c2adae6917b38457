import type { SubmissionResult } from "@conform-to/react";
import { Box, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useState } from "react";
import { INFLUENCER_BIO_MAX, INFLUENCER_GENDERS, SOCIAL_IDS } from "#contract/people/influencers";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps, getInputProps, getTextareaProps } from "~/components/form/form-props";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { FormActions } from "~/components/form/FormActions";
import { GeoFields } from "~/components/form/GeoFields";
import { ImageUpload } from "~/components/form/ImageUpload";
import { PhoneField } from "~/components/form/PhoneField";
import type { GeoOptions } from "~/services/geo.server";
import { BioField, EthnicityField } from "./InfluencerFields";
import { GEO_INTENT, type InfluencerFormValues } from "./form-values";
import { PortfolioField } from "./PortfolioField";
import { imageHint } from "#contract/uploads/uploads";
import { RadioChoices } from "~/components/form/RadioChoices";

type TextName = Exclude<keyof InfluencerFormValues, "portfolio">;

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : [];

/**
 * spec 1 §5 Add Influencer / Edit Influencer: profile image, full name, e-mail, international phone, gender (a custom
 * gender with Other), date of birth DD/MM/YYYY, ethnicity, country, state and city, bio, the four social ids
 * (optional) and the portfolio. Posts multipart, so that without JavaScript the chosen files come along; the action
 * validates (conform + zod) and the API decides the rest.
 */
export function InfluencerForm({
  mode,
  id,
  lastResult,
  defaults,
  geo,
  closeHref,
  hidden,
}: {
  mode: "add" | "edit";
  id: string;
  lastResult?: SubmissionResult<string[]>;
  defaults?: Partial<InfluencerFormValues>;
  geo: GeoOptions;
  closeHref: string;
  /** hidden inputs besides intent, e.g. `{ id }` */
  hidden?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const [uploadingImage, setUploadingImage] = useState(false);
  const [uploadingPortfolio, setUploadingPortfolio] = useState(false);
  const [preview, setPreview] = useState("");
  const { form, fields, key } = useFormKit({ id, lastResult, defaultValue: defaults });
  const initial = (name: TextName) => {
    const v = fields[name].initialValue;
    return typeof v === "string" ? v : "";
  };
  const image = preview || initial("image");
  const portfolio = asList(fields.portfolio.initialValue);
  const gender = initial("gender");
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  const text = (
    name: TextName,
    extra: { autoComplete?: string; placeholder?: string; maxLength?: number; inputMode?: "numeric" | "email" } = {},
  ) => ({
    ...getInputProps(fields[name], { type: "text" }),
    autoComplete: "off",
    ...extra,
  });

  return (
    <Form
      key={key}
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="influencer-form"
      preventScrollReset
    >
      {/* the form's default button (Enter in a field), ahead of the no-JavaScript "Show states" buttons */}
      <button type="submit" name="intent" value={mode} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="intent" value={mode} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      <Box mb="4">
        <Text as="p" size="2" weight="medium" mb="2">
          Profile Image
        </Text>
        <Flex align="center" gap="3" wrap="wrap">
          {image ? (
            <img
              src={image}
              alt="Profile preview"
              className="influencer-avatar-preview"
              data-testid="influencer-image-preview"
            />
          ) : (
            <span className="influencer-avatar-preview empty" aria-hidden="true" />
          )}
          <Flex direction="column" gap="1">
            <ImageUpload
              id={`${id}-image`}
              name="image"
              purpose="profileImage"
              defaultValue={initial("image")}
              label={image ? "Change Image" : "Upload Image"}
              error={fields.image.errors?.[0]}
              onUploaded={setPreview}
              onUploadingChange={setUploadingImage}
            />
            <Text size="1" color="gray">
              {imageHint("profileImage")}
            </Text>
          </Flex>
        </Flex>
      </Box>

      <Field
        label="Full Name"
        errors={fields.fName.errors}
        errorId={fields.fName.errorId}
        inputProps={text("fName", { autoComplete: "name" })}
      />
      <Field
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{ ...text("email", { inputMode: "email" }), type: "email" }}
      />
      <PhoneField
        id={`${id}-mobile`}
        label="Phone Number"
        countryFlag={initial("countryFlag") || null}
        mobile={initial("mobile")}
        errors={fields.mobile.errors}
        required={false}
      />

      <Box
        mb="3"
        className="gender-block"
        data-other={gender === "Other" || !!fields.customizeGender.errors?.length || undefined}
      >
        <RadioChoices legend="Gender" field={fields.gender} choices={INFLUENCER_GENDERS} checked={gender} />
        <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
        <Box className="custom-gender" mt="2">
          <Field
            label="Custom Gender"
            errors={fields.customizeGender.errors}
            errorId={fields.customizeGender.errorId}
            inputProps={text("customizeGender", { maxLength: 25 })}
          />
        </Box>
      </Box>

      <Field
        label="Date of Birth"
        hint="DD/MM/YYYY"
        errors={fields.dob.errors}
        errorId={fields.dob.errorId}
        inputProps={text("dob", { placeholder: "DD/MM/YYYY", maxLength: 10, autoComplete: "bday" })}
      />

      <EthnicityField
        id={`${id}-ethnicity`}
        name={fields.ethnicity.name}
        defaultValue={initial("ethnicity")}
        errors={fields.ethnicity.errors}
        errorId={fields.ethnicity.errorId}
      />

      <GeoFields
        idPrefix={id}
        geo={geo}
        refreshIntent={GEO_INTENT[mode]}
        errors={{ country: fields.country.errors, state: fields.state.errors, city: fields.city.errors }}
      />

      <BioField
        key={fields.bio.key}
        errors={fields.bio.errors}
        errorId={fields.bio.errorId}
        textareaProps={{
          ...getTextareaProps(fields.bio),
          maxLength: INFLUENCER_BIO_MAX,
          className: "influencer-bio",
        }}
      />

      <Box mb="3">
        <Text as="p" size="2" weight="medium" mb="1">
          Social ids <Text color="gray">(optional)</Text>
        </Text>
        <div className="social-ids">
          {SOCIAL_IDS.map((s) => (
            <Field
              key={s.name}
              label={s.label}
              errors={fields[s.name].errors}
              errorId={fields[s.name].errorId}
              inputProps={text(s.name, { maxLength: 100 })}
            />
          ))}
        </div>
      </Box>

      <PortfolioField
        id={`${id}-portfolio`}
        value={portfolio}
        errors={fields.portfolio.errors}
        onUploadingChange={setUploadingPortfolio}
      />

      <FormError id={form.errorId} errors={form.errors} />
      <FormActions
        submitLabel={mode === "add" ? "Add Influencer" : "Save Changes"}
        cancelHref={closeHref}
        loading={saving}
        disabled={uploadingImage || uploadingPortfolio}
      />
    </Form>
  );
}

// the influencers list loads the form as a lazy island (its drawers), keeping the list's first load light
export default InfluencerForm;
