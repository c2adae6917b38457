/**
 * Radio choices under a legend (the gender options): a native fieldset that submits without JavaScript, marked invalid
 * and tied to its messages while the field has any. The messages themselves are the page's `<ErrorList>`.
 */
export function RadioChoices({
  legend,
  field,
  choices,
  checked,
}: {
  legend: string;
  field: { name: string; errorId: string; errors?: string[] };
  choices: readonly string[];
  checked: string | null | undefined;
}) {
  const invalid = !!field.errors?.length;
  return (
    <fieldset
      className="gender-options"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? field.errorId : undefined}
    >
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input type="radio" name={field.name} value={choice} defaultChecked={checked === choice} />
          {choice}
        </label>
      ))}
    </fieldset>
  );
}
