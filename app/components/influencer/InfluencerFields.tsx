import { Box } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import { ETHNICITIES } from "#contract/people/influencers";
import { ErrorList } from "~/components/form/Field";
import { FieldLabel } from "~/components/form/FieldLabel";
import { errorAria } from "~/components/form/error-aria";

/** A labelled native control of an influencer's form, its errors below it and tied to it for screen readers. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Box mb="3">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
    </Box>
  );
}

/** spec 1 §5 Ethnicity: a native select (it submits without JavaScript), as the registration and Add Influencer show it. */
export function EthnicityField({
  id,
  name,
  defaultValue,
  errors,
  errorId,
}: {
  id: string;
  name: string;
  defaultValue: string;
  errors?: string[] | null;
  errorId: string;
}) {
  return (
    <Labelled id={id} label="Ethnicity">
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="native-select"
        {...errorAria({ errors, errorId })}
      >
        <option value="">Select ethnicity</option>
        {ETHNICITIES.map((e) => (
          <option key={e.value} value={e.value}>
            {e.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </Labelled>
  );
}

/** spec 1 §5 Bio: a four-row text area, as the registration and Add Influencer show it. */
export function BioField({
  errors,
  errorId,
  textareaProps,
}: {
  errors?: string[] | null;
  errorId: string;
  textareaProps: ComponentProps<"textarea"> & { id: string };
}) {
  return (
    <Labelled id={textareaProps.id} label="Bio">
      <textarea rows={4} {...errorAria({ errors, errorId })} {...textareaProps} />
      <ErrorList id={errorId} errors={errors} />
    </Labelled>
  );
}
