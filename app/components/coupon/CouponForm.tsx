import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Box, Button, Card, Flex, Text, TextArea } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useRef, useState } from "react";
import { COUPON_IMAGE_PURPOSE } from "#contract/coupons/coupons";
import type { CategoryRef } from "#contract/catalogue/categories-api";
import { useFormKit } from "~/components/form/use-form-kit";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { FormActions } from "~/components/form/FormActions";
import { ImageUpload } from "~/components/form/ImageUpload";
import { DAY_FIELD, shownDay } from "~/components/form/day-field";

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

function Select({
  id,
  label,
  errors,
  errorId,
  children,
  ...props
}: {
  id: string;
  label: string;
  errors?: string[];
  errorId?: string;
  children: React.ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Box mb="3">
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
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
  const [preview, setPreview] = useState("");
  const refresh = useRef<HTMLButtonElement>(null);
  const { form, fields, key } = useFormKit({ id: `${mode}-coupon`, record: formKey, lastResult, defaultValue });
  const image = preview || ((fields.image.initialValue as string | undefined) ?? "");
  const saving = navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "save") === "save";
  const step = () => refresh.current?.form?.requestSubmit(refresh.current);
  const { chosen } = lookups;
  const input = (name: keyof typeof fields, type: "text" | "number", extra: Record<string, unknown> = {}) => ({
    ...getInputProps(fields[name], { type }),
    ...extra,
  });
  // spec 2 §1: DD/MM/YYYY whatever the browser's locale; a stored day (YYYY-MM-DD) is shown so too
  const day = (name: "start" | "end") =>
    input(name, "text", {
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
          <Field
            label="Coupon Name"
            errors={fields.name.errors}
            errorId={fields.name.errorId}
            inputProps={input("name", "text", { autoComplete: "off" })}
          />
          <Field
            label="Coupon Code"
            hint="Letters, digits and _ only; saved in upper case"
            errors={fields.code.errors}
            errorId={fields.code.errorId}
            inputProps={input("code", "text", { autoComplete: "off" })}
          />
        </div>
        <Box mb="3">
          <Text as="label" htmlFor={fields.description.id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
            Description
          </Text>
          <TextArea
            {...getTextareaProps(fields.description)}
            aria-invalid={fields.description.errors?.length ? true : undefined}
          />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </Box>
        <Box mb="3">
          <Text as="p" size="2" weight="medium" mb="2">
            Coupon Image
          </Text>
          <Flex direction="column" gap="2">
            {image ? (
              <img
                src={image}
                alt="Coupon image preview"
                className="coupon-image-preview"
                data-testid="coupon-image-preview"
              />
            ) : null}
            <ImageUpload
              id={`${mode}-coupon-image`}
              name="image"
              purpose={COUPON_IMAGE_PURPOSE}
              defaultValue={(fields.image.initialValue as string | undefined) ?? ""}
              label={mode === "add" ? "Upload Image" : "Change Image"}
              error={fields.image.errors?.[0]}
              onUploaded={setPreview}
              onUploadingChange={setUploading}
            />
            <Text size="1" color="gray">
              JPG or PNG, under 10 MB.
            </Text>
          </Flex>
        </Box>

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
                  <Text
                    as="label"
                    htmlFor="coupon-dsearch"
                    size="2"
                    weight="medium"
                    mb="1"
                    style={{ display: "block" }}
                  >
                    Search departments
                  </Text>
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
              <Select
                id="coupon-department"
                name="department"
                label="Department"
                defaultValue={chosen.department}
                errors={fields.department.errors}
                errorId={fields.department.errorId}
                onChange={step}
              >
                <option value="">Select department</option>
                {lookups.departments.map((d) => (
                  <option key={d._id} value={d._id}>
                    {d.name}
                  </option>
                ))}
              </Select>
              {lookups.isAdmin && lookups.moreDepartments ? (
                <Button type="submit" name="intent" value="more" formNoValidate variant="soft" mt="5">
                  More departments
                </Button>
              ) : null}
              <Button
                type="submit"
                name="intent"
                value="refresh"
                formNoValidate
                variant="soft"
                mt="5"
                className="no-js-only"
              >
                Show categories
              </Button>
            </Flex>
            <Flex gap="2" align="start" wrap="wrap">
              <Select
                id="coupon-category"
                name="category"
                label="Category"
                defaultValue={chosen.category}
                disabled={!lookups.categories.length}
                errors={fields.category.errors}
                errorId={fields.category.errorId}
                onChange={step}
              >
                <option value="">Select category</option>
                {lookups.categories.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
              </Select>
              {lookups.categories.length ? (
                <Button
                  type="submit"
                  name="intent"
                  value="refresh"
                  formNoValidate
                  variant="soft"
                  mt="5"
                  className="no-js-only"
                >
                  Show sub-categories
                </Button>
              ) : null}
            </Flex>
            <Select
              id="coupon-subcategory"
              name="subcategory"
              label="Sub Category"
              defaultValue={chosen.subcategory}
              disabled={!lookups.subcategories.length}
              errors={fields.subcategory.errors}
              errorId={fields.subcategory.errorId}
            >
              <option value="">Select sub category</option>
              {lookups.subcategories.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Box>
        )}

        <div className="coupon-form-grid">
          <Field
            label="Minimum Order Price ($)"
            errors={fields.minOrderPrice.errors}
            errorId={fields.minOrderPrice.errorId}
            inputProps={input("minOrderPrice", "number", { step: "0.01", min: 0 })}
          />
          <Field
            label="Quantity"
            hint="How many times the coupon can be used in all"
            errors={fields.quantity.errors}
            errorId={fields.quantity.errorId}
            inputProps={input("quantity", "number", { step: 1, min: 0 })}
          />
          <Field
            label="Start Date"
            errors={fields.start.errors}
            errorId={fields.start.errorId}
            inputProps={day("start")}
          />
          <Field label="End Date" errors={fields.end.errors} errorId={fields.end.errorId} inputProps={day("end")} />
          <Select
            {...getSelectProps(fields.discountType)}
            id={fields.discountType.id}
            label="Discount Type"
            errors={fields.discountType.errors}
            errorId={fields.discountType.errorId}
          >
            <option value="">Select discount type</option>
            <option value="flat">Flat</option>
            <option value="percentage">Percentage</option>
          </Select>
          <Field
            label="Discount"
            errors={fields.discount.errors}
            errorId={fields.discount.errorId}
            inputProps={input("discount", "number", { step: "0.01", min: 0 })}
          />
          <Select
            {...getSelectProps(fields.type)}
            id={fields.type.id}
            label="Coupon Type"
            errors={fields.type.errors}
            errorId={fields.type.errorId}
          >
            <option value="">Select coupon type</option>
            <option value="firstTime">First time</option>
            <option value="one">One time</option>
            <option value="multi">Multi</option>
          </Select>
          <Field
            label="Multi (uses per customer)"
            hint="For type Multi; optional"
            errors={fields.multi.errors}
            errorId={fields.multi.errorId}
            inputProps={input("multi", "number", { step: 1, min: 0 })}
          />
          {mode === "edit" ? (
            <Select
              {...getSelectProps(fields.status)}
              id={fields.status.id}
              label="Status"
              errors={fields.status.errors}
              errorId={fields.status.errorId}
            >
              <option value="">Select status</option>
              <option value="active">Publish</option>
              <option value="inactive">Unpublish</option>
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
