import { getInputProps, getTextareaProps, type FormKitField } from "./form-props";
import { Box, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import { PlainCallout } from "~/components/layout/PlainCallout";
import { FieldLabel } from "./FieldLabel";

/** Errors under a field, linked to it for screen readers; each message once. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <Flex id={id} direction="column" gap="1" role="alert">
      {[...new Set(errors)].map((e) => (
        <Text key={e} size="1" color="red">
          {e}
        </Text>
      ))}
    </Flex>
  );
}

/** A form-level message (the API's refusal), shown above the submit button where the user is looking. */
export function FormError({ errors, id }: { errors?: string[] | null; id?: string }) {
  if (!errors?.length) return null;
  return (
    <PlainCallout color="red" role="alert" id={id}>
      {errors.join(" ")}
    </PlainCallout>
  );
}

type InputProps = Omit<ComponentProps<typeof TextField.Root>, "children">;

/** The input types a `<Field>` renders (a checkbox or a radio is not a text field). */
export type FieldInputType = "text" | "number" | "password" | "email" | "tel" | "url" | "search";

type FieldFrame = {
  label: ReactNode;
  hint?: ReactNode;
  children?: ReactNode;
};

/**
 * A field bound to the form kit: its id, name, value, constraints, errors and their id all come from the field's
 * metadata; `inputProps` adds what the page sets itself (autoComplete, step…), `errors` shows another selection.
 */
type BoundField = FieldFrame & {
  field: FormKitField;
  type?: FieldInputType;
  inputProps?: Partial<InputProps>;
  errors?: string[] | null;
  errorId?: never;
};

/** A field whose errors and input the page gathers itself (forms without conform). */
type LooseField = FieldFrame & {
  field?: undefined;
  type?: never;
  errors?: string[] | null;
  errorId?: string;
  inputProps: InputProps & { id: string };
};

const isBound = (props: BoundField | LooseField): props is BoundField => !!props.field;

/** A labelled native input in Radix styling: it submits without JavaScript. */
export function Field(props: BoundField | LooseField) {
  const { label, hint, children } = props;
  const { errors, errorId, inputProps } = isBound(props)
    ? {
        errors: props.errors !== undefined ? props.errors : props.field.errors,
        errorId: props.field.errorId,
        inputProps: { ...getInputProps(props.field, { type: props.type ?? "text" }), ...props.inputProps },
      }
    : props;
  return (
    <Box mb="3">
      <FieldLabel htmlFor={inputProps.id}>{label}</FieldLabel>
      <TextField.Root
        size="3"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        {...inputProps}
      >
        {children}
      </TextField.Root>
      {/* each message once: a hint the error repeats gives way to the error */}
      {hint && !(typeof hint === "string" && errors?.includes(hint)) ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </Box>
  );
}

/** A labelled textarea bound to the form kit (its id, name, value, constraints and errors from the field's metadata). */
export function TextAreaField({ label, field }: { label: ReactNode; field: FormKitField }) {
  return (
    <Box mb="3">
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <TextArea {...getTextareaProps(field)} aria-invalid={field.errors?.length ? true : undefined} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </Box>
  );
}
