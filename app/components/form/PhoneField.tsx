import { Box, Flex, TextField } from "@radix-ui/themes";
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, PHONE_MAX_LENGTH, flagEmoji } from "#contract/phone/phone-basics";
import { ErrorList } from "./Field";
import { FieldLabel } from "./FieldLabel";

/**
 * International phone input (spec 1 §5): a native country select with flag and dial code (default Australia)
 * and the number. Posts `countryFlag` and `mobile` (names can be prefixed); works without JavaScript.
 */
export function PhoneField({
  id,
  label,
  prefix = "",
  countryFlag,
  mobile,
  errors,
  disabled,
  required = true,
}: {
  id: string;
  label: string;
  prefix?: string;
  countryFlag?: string | null;
  mobile?: string | null;
  errors?: string[] | null;
  disabled?: boolean;
  required?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <Box mb="3">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Flex gap="2">
        <select
          name={`${prefix}countryFlag`}
          defaultValue={countryFlag ?? DEFAULT_PHONE_COUNTRY}
          aria-label={`${label} country`}
          disabled={disabled}
          className="phone-country"
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.iso2} value={c.iso2}>
              {flagEmoji(c.iso2)} {c.iso2} {c.dial}
            </option>
          ))}
        </select>
        <TextField.Root
          id={id}
          name={`${prefix}mobile`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          size="3"
          style={{ flex: 1 }}
          maxLength={PHONE_MAX_LENGTH}
          defaultValue={mobile ?? ""}
          disabled={disabled}
          required={required}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
      </Flex>
      {/* a disabled input is not posted; keep the values for the action */}
      {disabled ? (
        <>
          <input type="hidden" name={`${prefix}countryFlag`} value={countryFlag ?? DEFAULT_PHONE_COUNTRY} />
          <input type="hidden" name={`${prefix}mobile`} value={mobile ?? ""} />
        </>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </Box>
  );
}
