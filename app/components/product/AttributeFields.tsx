import { Box, Flex, Text } from "@radix-ui/themes";
import { BOOLEAN_OPTIONS } from "#contract/catalogue/attributes";
import type { AttributeDefinition } from "#contract/catalogue/attributes-api";
import { PRODUCT_ATTR_TEXT_MAX } from "#contract/products/products";
import { ErrorList } from "~/components/form/Field";
import type { FieldErrors } from "./ProductFormHelpers";
import { FieldLabel } from "~/components/form/FieldLabel";

/**
 * The attributes the chosen leaf supplies (spec 2 §3 Attribute definition, §5): text and number inputs (max 100), a
 * dropdown select, a radio group, a checkbox group; a boolean as Yes/No radios. Each posts `attr.<name>` and its id
 * `attrId.<name>`; a checkbox group also `attrMulti.<name>` so that "none chosen" stays a list.
 */
export function AttributeFields({
  attributes,
  values,
  errors,
}: {
  attributes: AttributeDefinition[];
  values: Record<string, string | string[]>;
  errors: FieldErrors;
}) {
  if (!attributes.length) return null;
  return (
    // data-count: how many attributes the leaf has, so a reader can tell the list is complete (it streams without JavaScript)
    <Box className="attribute-fields" data-testid="attribute-fields" data-count={attributes.length}>
      <Text as="p" size="3" weight="bold" mb="2">
        Attributes
      </Text>
      {attributes.map((a) => {
        const name = `attr.${a.field_name}`;
        const id = `product-attr-${a._id}`;
        const label = a.label || a.name;
        const value = values[a.field_name];
        const single = Array.isArray(value) ? (value[0] ?? "") : (value ?? a.defaultValue ?? "");
        const many = Array.isArray(value) ? value : value ? [value] : [];
        const fieldErrors = errors[name];
        const invalid = fieldErrors?.length ? true : undefined;
        const options = a.type === "boolean" && !a.list.length ? [...BOOLEAN_OPTIONS] : a.list;
        const heading = (
          <FieldLabel htmlFor={id}>
            {label}
            {a.unit ? ` (${a.unit})` : ""}
          </FieldLabel>
        );
        let control;
        if (a.data_type === "dropdown") {
          control = (
            <>
              {heading}
              <select id={id} name={name} className="native-select" defaultValue={single} aria-invalid={invalid}>
                <option value="">Select {label}</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </>
          );
        } else if (a.data_type === "radio" || a.data_type === "checkbox" || a.type === "boolean") {
          const multi = a.data_type === "checkbox" && a.type !== "boolean";
          control = (
            <fieldset className="choice-group" aria-invalid={invalid}>
              <legend>
                {label}
                {a.unit ? ` (${a.unit})` : ""}
              </legend>
              {multi ? <input type="hidden" name={`attrMulti.${a.field_name}`} value="1" /> : null}
              <Flex gap="3" wrap="wrap">
                {options.map((o) => (
                  <label key={o} className="choice">
                    <input
                      type={multi ? "checkbox" : "radio"}
                      name={name}
                      value={o}
                      defaultChecked={multi ? many.includes(o) : single === o}
                    />
                    {o}
                  </label>
                ))}
              </Flex>
            </fieldset>
          );
        } else {
          control = (
            <>
              {heading}
              {a.data_type === "textarea" ? (
                <textarea
                  id={id}
                  name={name}
                  className="product-textarea"
                  maxLength={PRODUCT_ATTR_TEXT_MAX}
                  defaultValue={single}
                  aria-invalid={invalid}
                  rows={2}
                />
              ) : (
                <input
                  id={id}
                  name={name}
                  className="product-input"
                  type="text"
                  inputMode={a.data_type === "number" ? "decimal" : undefined}
                  maxLength={PRODUCT_ATTR_TEXT_MAX}
                  defaultValue={single}
                  aria-invalid={invalid}
                />
              )}
            </>
          );
        }
        return (
          <Box key={a._id} mb="3" data-attribute={a.field_name}>
            <input type="hidden" name={`attrId.${a.field_name}`} value={a._id} />
            {control}
            {a.hint ? (
              <Text as="p" size="1" color="gray">
                {a.hint}
              </Text>
            ) : null}
            <ErrorList errors={fieldErrors} />
          </Box>
        );
      })}
    </Box>
  );
}
