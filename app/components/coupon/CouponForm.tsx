import type { SubmissionResult } from "@conform-to/react";
import { Box, Button, Card, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useRef, useState } from "react";
import { COUPON_IMAGE_PURPOSE } from "#contract/coupons/coupons";
import type { CategoryRef } from "#contract/catalogue/categories-api";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps, getSelectProps, type FormKitField } from "~/components/form/form-props";
import { ErrorList, Field, FormError, TextAreaField } from "~/components/form/Field";
import { FormActions } from "~/components/form/FormActions";
import { ImageField } from "~/components/form/ImageField";
import { DAY_FIELD, shownDay } from "~/components/form/day-field";
import { FieldLabel } from "~/components/form/FieldLabel";
import { RefreshButton } from "~/components/form/RefreshButton";

/** What the form renders besides its values (coupon-form.server.ts's CouponLookups, as the page reads it). */
export interface CouponFormLookups {
  isAdmin: boolean;
  departments: CategoryRef[];
  /** an admin's department list has more pages */
  moreDepartments: boolean;
  categories: CategoryRef[];
  subcategories: CategoryRef[];
  /** the admin's department search and how many pages of 10 are shown */
  dsearch: string;
  dpages: number;
  /** the choices that still hold (a changed department clears what hung below it) */
  chosen: { department: string; category: string; subcategory: string };
}

const LIST = "/app/coupons";

// the fixed choices, as the selects name them
const DISCOUNT_TYPES = [
  { _id: "flat", name: "Flat" },
  { _id: "percentage", name: "Percentage" },
];
const COUPON_TYPES = [
  { _id: "firstTime", name: "First time" },
  { _id: "one", name: "One time" },
  { _id: "multi", name: "Multi" },
];
const COUPON_STATUSES = [
  { _id: "active", name: "Publish" },
  { _id: "inactive", name: "Unpublish" },
];

/** A labelled native select; its errors are its conform field's. */
function Select({
  id,
  label,
  field,
  children,
  ...props
}: {
  id: string;
  label: string;
  field: FormKitField;
  children: React.ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const { errors, errorId } = field;
  return (
    <Box mb="3">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        className="native-select"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        {...props}
      >
        {children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </Box>
  );
}

/** A select's choices: the prompt (no value), then each choice by name. */
function refOptions(prompt: string, refs: readonly CategoryRef[]) {
  return [
    <option key="" value="">
      {prompt}
    </option>,
    ...refs.map((r) => (
      <option key={r._id} value={r._id}>
        {r.name}
      </option>
    )),
  ];
}

/**
 * The Add and Edit Coupon form (spec 2 §5 Coupon). Every rule runs in the action on the first submit. Department →
 * category → sub-category: with JavaScript a choice posts the form's "refresh" step at once; without it the "Show …"
 * buttons do, and everything typed comes back. An admin searches departments and loads 10 more at a time. On edit the
 * three are read-only and status (Publish / Unpublish) is asked.
 */
export function CouponForm({
  mode,
  lookups,
  lastResult,
  formKey,
  defaultValue,
  names,
  saved,
}: {
  mode: "add" | "edit";
  lookups: CouponFormLookups;
  lastResult?: SubmissionResult<string[]>;
  formKey?: string;
  defaultValue: Record<string, string>;
  /** on edit: the coupon's department, category and sub-category names */
  names?: { department: string; category: string; subcategory: string };
  saved: boolean;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const refresh = useRef<HTMLButtonElement>(null);
  const { form, fields, key } = useFormKit({ id: `${mode}-coupon`, record: formKey, lastResult, defaultValue });
  // an image uploaded before a refused submit (without JavaScript) comes back as the field's value
  const savedImage = typeof fields.image.initialValue === "string" ? fields.image.initialValue : "";
  const saving = navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "save") === "save";
  const step = () => refresh.current?.form?.requestSubmit(refresh.current);
  const { chosen } = lookups;
  /** One level of the department → category → sub-category cascade (`coupon-<level>`), starting at the chosen one. */
  const level = (
    name: "department" | "category" | "subcategory",
    label: string,
    prompt: string,
    refs: readonly CategoryRef[],
    props: { onChange?: () => void; disabled?: boolean },
  ) => (
    <Select id={`coupon-${name}`} name={name} label={label} defaultValue={chosen[name]} field={fields[name]} {...props}>
      {refOptions(prompt, refs)}
    </Select>
  );
  // spec 2 §1: DD/MM/YYYY whatever the browser's locale; a stored day (YYYY-MM-DD) is shown so too
  const day = (name: "start" | "end") => ({
    ...DAY_FIELD,
    defaultValue: shownDay(typeof fields[name].initialValue === "string" ? fields[name].initialValue : ""),
  });

  return (
    <Card size="3" className="coupon-form">
      <Form key={key} method="post" encType="multipart/form-data" {...getFormProps(form)}>
        {/* Enter in a field saves: the first submit button is the form's default */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
        <button
          type="submit"
          name="intent"
          value="refresh"
          formNoValidate
          hidden
          tabIndex={-1}
          aria-hidden="true"
          ref={refresh}
        />
        <div className="coupon-form-grid">
          <Field label="Coupon Name" field={fields.name} inputProps={{ autoComplete: "off" }} />
          <Field
            label="Coupon Code"
            hint="Letters, digits and _ only; saved in upper case"
            field={fields.code}
            inputProps={{ autoComplete: "off" }}
          />
        </div>
        <TextAreaField label="Description" field={fields.description} />
        <ImageField
          className="coupon-image-field"
          title="Coupon Image"
          preview={{ alt: "Coupon image preview", className: "coupon-image-preview", testId: "coupon-image-preview" }}
          id={`${mode}-coupon-image`}
          name="image"
          purpose={COUPON_IMAGE_PURPOSE}
          defaultValue={savedImage}
          label={mode === "add" ? "Upload Image" : "Change Image"}
          error={fields.image.errors?.[0]}
          onUploadingChange={setUploading}
        />

        {mode === "edit" && names ? (
          <Box mb="3" data-testid="coupon-taxonomy">
            <Text as="p" size="2" weight="medium">
              Department / Category / Sub Category
            </Text>
            <Text as="p" size="2" color="gray">
              {names.department} / {names.category} / {names.subcategory}
            </Text>
          </Box>
        ) : (
          <Box mb="3">
            {lookups.isAdmin ? (
              <Flex gap="2" align="end" mb="2" wrap="wrap">
                <Box>
                  <FieldLabel htmlFor="coupon-dsearch">Search departments</FieldLabel>
                  <input
                    id="coupon-dsearch"
                    name="dsearch"
                    type="search"
                    defaultValue={lookups.dsearch}
                    className="rt-reset native-select"
                    maxLength={100}
                  />
                </Box>
                <Button type="submit" name="intent" value="departments" formNoValidate variant="soft">
                  Search
                </Button>
              </Flex>
            ) : null}
            <input type="hidden" name="dpages" value={lookups.dpages} />
            <Flex gap="2" align="start" wrap="wrap">
              {level("department", "Department", "Select department", lookups.departments, { onChange: step })}
              {lookups.isAdmin && lookups.moreDepartments ? (
                <Button type="submit" name="intent" value="more" formNoValidate variant="soft" mt="5">
                  More departments
                </Button>
              ) : null}
              <RefreshButton besideSelect>Show categories</RefreshButton>
            </Flex>
            <Flex gap="2" align="start" wrap="wrap">
              {level("category", "Category", "Select category", lookups.categories, {
                onChange: step,
                disabled: !lookups.categories.length,
              })}
              {lookups.categories.length ? <RefreshButton besideSelect>Show sub-categories</RefreshButton> : null}
            </Flex>
            {level("subcategory", "Sub Category", "Select sub category", lookups.subcategories, {
              disabled: !lookups.subcategories.length,
            })}
          </Box>
        )}

        <div className="coupon-form-grid">
          <Field
            label="Minimum Order Price ($)"
            field={fields.minOrderPrice}
            type="number"
            inputProps={{ step: "0.01", min: 0 }}
          />
          <Field
            label="Quantity"
            hint="How many times the coupon can be used in all"
            field={fields.quantity}
            type="number"
            inputProps={{ step: 1, min: 0 }}
          />
          <Field label="Start Date" field={fields.start} inputProps={day("start")} />
          <Field label="End Date" field={fields.end} inputProps={day("end")} />
          <Select
            {...getSelectProps(fields.discountType)}
            id={fields.discountType.id}
            label="Discount Type"
            field={fields.discountType}
          >
            {refOptions("Select discount type", DISCOUNT_TYPES)}
          </Select>
          <Field label="Discount" field={fields.discount} type="number" inputProps={{ step: "0.01", min: 0 }} />
          <Select {...getSelectProps(fields.type)} id={fields.type.id} label="Coupon Type" field={fields.type}>
            {refOptions("Select coupon type", COUPON_TYPES)}
          </Select>
          <Field
            label="Multi (uses per customer)"
            hint="For type Multi; optional"
            field={fields.multi}
            type="number"
            inputProps={{ step: 1, min: 0 }}
          />
          {mode === "edit" ? (
            <Select {...getSelectProps(fields.status)} id={fields.status.id} label="Status" field={fields.status}>
              {refOptions("Select status", COUPON_STATUSES)}
            </Select>
          ) : null}
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <FormActions
          size="3"
          submitLabel={mode === "add" ? "Add Coupon" : "Save"}
          cancelHref={LIST}
          loading={saving}
          disabled={uploading || saved}
        />
      </Form>
    </Card>
  );
}
