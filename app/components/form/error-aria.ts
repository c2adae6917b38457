/**
 * What marks a form control invalid and ties it to its error list for screen readers: `aria-invalid` and
 * `aria-describedby` while the field has errors, nothing otherwise. Spread it on the control: `{...errorAria(field)}`.
 */
export const errorAria = ({ errors, errorId }: { errors?: string[] | null; errorId?: string }) =>
  errors?.length ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
