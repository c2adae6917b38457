import {
  getFormProps as conformFormProps,
  getInputProps as conformInputProps,
  getSelectProps as conformSelectProps,
  getTextareaProps as conformTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { routerMarkup } from "./router-markup";
import { useFormKit } from "../../app/components/form/use-form-kit";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "../../app/components/form/form-props";

// The form kit's markup (ADR 0076) is conform's: the same ids, names, values, checked boxes, chosen options and error
// links for a fresh form and for a refused answer, so pages render and hydrate as they did with conform's useForm.

const defaults = {
  name: "Tent",
  price: 12.5,
  active: true,
  hidden: false,
  status: "draft",
  note: "",
  tags: ["a", "b"],
  dimension: { Size: "L" },
  launched: new Date("2026-01-02T03:04:05.000Z"),
};

const refused: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { name: "", price: "abc", status: "live", tags: ["b"], dimension: { Size: "M" }, note: "Hi" },
  error: {
    "": ["Please check the form"],
    price: ["Please Enter Valid Price"],
    "dimension.Size": ["Please choose a size"],
  },
};

type Props = { lastResult?: SubmissionResult<string[]> | null };

/** What the form below is given: each control's props and what each side reads of the errors. */
interface Controls {
  form: ComponentProps<"form">;
  formErrors: unknown;
  name: ComponentProps<"input">;
  price: ComponentProps<"input">;
  priceErrors: unknown;
  active: ComponentProps<"input">;
  hidden: ComponentProps<"input">;
  tagA: ComponentProps<"input">;
  tagB: ComponentProps<"input">;
  draft: ComponentProps<"input">;
  live: ComponentProps<"input">;
  size: ComponentProps<"select">;
  sizeErrors: unknown;
  dimensionErrors: unknown;
  note: ComponentProps<"textarea">;
  launched: ComponentProps<"input">;
}

function Markup(c: Controls) {
  const shown = (errors: unknown) => JSON.stringify(errors ?? null);
  return (
    <form {...c.form} data-errors={shown(c.formErrors)}>
      <input {...c.name} />
      <input {...c.price} data-errors={shown(c.priceErrors)} />
      <input {...c.active} />
      <input {...c.hidden} />
      <input {...c.tagA} />
      <input {...c.tagB} />
      <input {...c.draft} />
      <input {...c.live} />
      <select {...c.size} data-errors={shown(c.sizeErrors)}>
        <option value="M">M</option>
        <option value="L">L</option>
      </select>
      <textarea {...c.note} />
      <input {...c.launched} />
      <output data-all={shown(c.dimensionErrors)} />
    </form>
  );
}

function WithConform({ lastResult }: Props) {
  const [form, fields] = useForm({ id: "kit", lastResult, defaultValue: defaults });
  const size = fields.dimension.getFieldset().Size;
  return (
    <Markup
      form={conformFormProps(form)}
      formErrors={form.errors}
      name={conformInputProps(fields.name, { type: "text" })}
      price={conformInputProps(fields.price, { type: "number" })}
      priceErrors={fields.price.errors}
      active={conformInputProps(fields.active, { type: "checkbox" })}
      hidden={conformInputProps(fields.hidden, { type: "checkbox" })}
      tagA={conformInputProps(fields.tags, { type: "checkbox", value: "a" })}
      tagB={conformInputProps(fields.tags, { type: "checkbox", value: "b" })}
      draft={conformInputProps(fields.status, { type: "radio", value: "draft" })}
      live={conformInputProps(fields.status, { type: "radio", value: "live" })}
      size={conformSelectProps(size)}
      sizeErrors={size.errors}
      dimensionErrors={fields.dimension.allErrors}
      note={conformTextareaProps(fields.note)}
      launched={conformInputProps(fields.launched, { type: "text" })}
    />
  );
}

function WithKit({ lastResult }: Props) {
  const { form, fields } = useFormKit<Record<string, any>>({ id: "kit", lastResult, defaultValue: defaults });
  const size = fields["dimension.Size"];
  return (
    <Markup
      form={getFormProps(form)}
      formErrors={form.errors}
      name={getInputProps(fields.name, { type: "text" })}
      price={getInputProps(fields.price, { type: "number" })}
      priceErrors={fields.price.errors}
      active={getInputProps(fields.active, { type: "checkbox" })}
      hidden={getInputProps(fields.hidden, { type: "checkbox" })}
      tagA={getInputProps(fields.tags, { type: "checkbox", value: "a" })}
      tagB={getInputProps(fields.tags, { type: "checkbox", value: "b" })}
      draft={getInputProps(fields.status, { type: "radio", value: "draft" })}
      live={getInputProps(fields.status, { type: "radio", value: "live" })}
      size={getSelectProps(size)}
      sizeErrors={size.errors}
      dimensionErrors={fields.dimension.allErrors}
      note={getTextareaProps(fields.note)}
      launched={getInputProps(fields.launched, { type: "text" })}
    />
  );
}

describe("the form kit", () => {
  it("renders a fresh form from its defaults as conform does", async () => {
    const html = await routerMarkup(<WithKit />);
    expect(html).toBe(await routerMarkup(<WithConform />));
    expect(html).toContain('value="Tent"');
    expect(html).toContain('value="12.5"');
    expect(html).toContain('value="2026-01-02T03:04:05.000Z"');
    expect(html).not.toContain("aria-invalid");
  });

  it("renders a refused answer as conform does: its values, its errors and their links", async () => {
    const html = await routerMarkup(<WithKit lastResult={refused} />);
    expect(html).toBe(await routerMarkup(<WithConform lastResult={refused} />));
    expect(html).toContain('value="abc"');
    expect(html).toContain('aria-describedby="kit-price-error"');
    expect(html).toContain('aria-describedby="kit-error"');
    expect(html).toContain("Please choose a size");
  });
});
