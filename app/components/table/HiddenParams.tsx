/**
 * The list's other params as hidden inputs, so a GET form (search, filters, page size) changes its own
 * fields and keeps the rest of the list's state, without JavaScript too.
 */
export function HiddenParams({ params, omit }: { params: URLSearchParams; omit: readonly string[] }) {
  const kept = [...params.entries()].filter(([key]) => !omit.includes(key));
  return (
    <>
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}
