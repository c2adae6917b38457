import type { FormEvent } from "react";

// What a page reads of a form kit's form and fields (useFormKit, ADR 0076), and the props each control gets from them:
// conform's names and markup. Apart from the kit, so a page that only renders fields (the registration page's
// `<Field>`) does not load the kit's state.

/** A field as a page reads it (the names of conform's field metadata). */
export interface FormKitField {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** changes when the form starts afresh, so a control keyed by it is remounted with its initial value */
  key: string | undefined;
  /** the value the field starts from: the refused answer's on a page the answer rendered, else the default */
  initialValue: unknown;
  errors: string[] | undefined;
  /** the errors of the field and of every field under it */
  allErrors: Record<string, string[]>;
}

/** The form as a page reads it: its own errors (the "" field), and what the form element needs. */
export interface FormKitForm extends FormKitField {
  noValidate: true;
  /** a value set by script changed: the field's error goes (as after typing in it) */
  validate: (options: { name: string }) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

type Aria = { "aria-invalid"?: true; "aria-describedby"?: string };

/** A control's errors for assistive technology (the form element itself is described, never marked invalid). */
const ariaOf = (field: FormKitField, control: boolean): Aria =>
  field.errors === undefined
    ? {}
    : { ...(control ? { "aria-invalid": true as const } : {}), "aria-describedby": field.errorId };

/** The form element's props: its id (the fields' `form=`), the kit's submit, no browser validation (ADR 0010). */
export function getFormProps(form: FormKitForm) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, ...ariaOf(form, false) };
}

const controlProps = (field: FormKitField) => ({
  id: field.id,
  name: field.name,
  form: field.formId,
  ...ariaOf(field, true),
});

/** An input's props; a checkbox or radio is checked when its value is the field's initial value (or among them). */
export function getInputProps<const Type extends string>(field: FormKitField, options: { type: Type; value?: string }) {
  const initial = field.initialValue;
  const checkable = options.type === "checkbox" || options.type === "radio";
  const value = options.value ?? "on";
  return {
    ...controlProps(field),
    type: options.type,
    ...(checkable
      ? { value, defaultChecked: Array.isArray(initial) ? initial.includes(options.value) : initial === value }
      : typeof initial === "string"
        ? { defaultValue: initial }
        : {}),
  };
}

const textOf = (value: unknown) =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;

/** A select's props, with its initial choice (or choices). */
export function getSelectProps(field: FormKitField) {
  const initial = field.initialValue;
  const defaultValue = Array.isArray(initial) ? initial.map((v) => textOf(v) ?? "") : textOf(initial);
  return { ...controlProps(field), ...(defaultValue === undefined ? {} : { defaultValue }) };
}

/** A textarea's props, with its initial text. */
export function getTextareaProps(field: FormKitField) {
  const defaultValue = textOf(field.initialValue);
  return { ...controlProps(field), ...(defaultValue === undefined ? {} : { defaultValue }) };
}
