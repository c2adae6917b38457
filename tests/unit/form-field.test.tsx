import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { routerMarkup } from "./router-markup";
import { Field } from "../../app/components/form/Field";
import { useFormKit } from "../../app/components/form/use-form-kit";
import { getInputProps } from "../../app/components/form/form-props";

// <Field field={…}> reads the input, its errors and their id from the form kit's field: the same markup the page wrote
// by hand from the same field.

const refused: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { name: "x" },
  error: { name: ["Please Enter Name"] },
};

function Bound({ lastResult, errors }: { lastResult?: SubmissionResult<string[]>; errors?: string[] }) {
  const { fields } = useFormKit({ id: "t", lastResult });
  return <Field label="Name" field={fields.name} errors={errors} type="email" inputProps={{ autoComplete: "off" }} />;
}

function ByHand({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { fields } = useFormKit({ id: "t", lastResult });
  return (
    <Field
      label="Name"
      errors={fields.name.errors}
      errorId={fields.name.errorId}
      inputProps={{ ...getInputProps(fields.name, { type: "email" }), autoComplete: "off" }}
    />
  );
}

describe("<Field field>", () => {
  it("renders a refused field as the hand-written props did: value, error, its id and the input's link to it", async () => {
    const html = await routerMarkup(<Bound lastResult={refused} />);
    expect(html).toBe(await routerMarkup(<ByHand lastResult={refused} />));
    expect(html).toContain("Please Enter Name");
    expect(html).toMatch(/name="name"/);
    expect(html).toMatch(/type="email"/);
    expect(html).toMatch(/value="x"/);
    expect(html).toMatch(/aria-invalid="true"/);
    const errorId = /<div[^>]*id="([^"]+)"[^>]*role="alert"/.exec(html)?.[1];
    expect(errorId).toBeTruthy();
    expect(html).toContain(`aria-describedby="${errorId}"`);
  });

  it("renders a fresh field with no error", async () => {
    const html = await routerMarkup(<Bound />);
    expect(html).toBe(await routerMarkup(<ByHand />));
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("aria-invalid");
  });

  it("shows the errors the page passes in place of the field's own", async () => {
    const html = await routerMarkup(<Bound lastResult={refused} errors={["First rule only"]} />);
    expect(html).toContain("First rule only");
    expect(html).not.toContain("Please Enter Name");
  });
});
