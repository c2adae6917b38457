/** What a form page's action answers on a save that leaves for its list (savedThenReturn in toast.server.ts). */
export interface SavedNotice {
  message: string;
  to: string;
  delayMs?: number;
}

type SavedAnswer = { saved: SavedNotice };

const isSaved = (answer: object): answer is SavedAnswer => "saved" in answer;

/**
 * A form page's action answer, read: the saved notice, or the refused form's reply (conform's result and whatever the
 * page sends beside it), or neither before the first post. Pass `useActionData<typeof action>()`.
 */
export function answerOf<Answer extends object>(
  answer: Answer | null | undefined,
): { saved: SavedNotice | null; reply: Exclude<Answer, SavedAnswer> | null };
export function answerOf(answer: object | null | undefined) {
  if (!answer) return { saved: null, reply: null };
  return isSaved(answer) ? { saved: answer.saved, reply: null } : { saved: null, reply: answer };
}
