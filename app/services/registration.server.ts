// What the influencer registration's action (app/routes/influencer+/register.tsx) answers with.

/** A reply's messages by field, none empty; the form's own (under "") are answered apart, as the form's error. */
export function fieldMessages(error: Record<string, string[] | null> | undefined) {
  const messages: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(error ?? {})) if (field && list?.length) messages[field] = list;
  return messages;
}
