import { useState, type FormEvent } from "react";

/**
 * The form idiom's "a field's error clears once its value changes" for a page that ships no form library (the
 * registration page, ADR 0010): the action's errors, minus those of fields whose value now differs from the one
 * refused; the submit checks them again. Put `onInput`/`onChange` on the `<Form>`.
 */
export function usePlainFormErrors(errors: Record<string, string[]>, refused: Record<string, string | string[]>) {
  const [changed, setChanged] = useState<{ errors: typeof errors; names: string[] }>({ errors, names: [] });
  // a new answer from the action brings its own errors back
  const names = changed.errors === errors ? changed.names : [];
  if (changed.errors !== errors) setChanged({ errors, names: [] });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const field = event.target;
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ))
      return;
    if (!field.name || !errors[field.name]) return;
    const was = refused[field.name];
    const differs = String(Array.isArray(was) ? was[0] : (was ?? "")) !== field.value;
    if (differs !== names.includes(field.name))
      setChanged({ errors, names: differs ? [...names, field.name] : names.filter((n) => n !== field.name) });
  };
  const shown = Object.fromEntries(Object.entries(errors).filter(([name]) => !names.includes(name)));
  return { errors: shown, onInput: onChange, onChange };
}
