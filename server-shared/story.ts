// The shop story's sanitiser, shared by the API (which stores the story) and the shop page (which previews it).
import sanitizeHtml from "sanitize-html";

/**
 * The story's allow-list (ADR 0017): paragraphs and line breaks, bold, italic, underline, lists and plain links.
 * Everything else is dropped with its attributes (scripts and styles with their content); b and i become strong and em.
 */
const STORY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "ul", "ol", "li", "a", "blockquote"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    b: "strong",
    i: "em",
    div: "p",
    h1: "p",
    h2: "p",
    h3: "p",
    h4: "p",
    // a link opens apart from the console and passes nothing on; a link of another scheme loses its href
    a: (tagName, attribs) => {
      const safe: sanitizeHtml.Attributes = {
        href: (attribs.href ?? "").trim(),
        target: "_blank",
        rel: "noopener noreferrer nofollow",
      };
      return { tagName, attribs: /^(?:https?:|mailto:)/i.test(safe.href!) ? safe : {} };
    },
  },
  // an empty paragraph or list item is what editors leave behind
  exclusiveFilter: (frame) =>
    ["p", "li", "strong", "em", "u", "s", "a"].includes(frame.tag) &&
    !frame.text.trim() &&
    !frame.mediaChildren.length &&
    frame.tag !== "br",
};

const BLANK = String.raw`(?:\s|&nbsp;|&#160;|\u00a0|<br\s*/?>)`;
const LEADING_BLANKS = new RegExp(String.raw`^((?:<(?:p|ul|ol|li|strong|em|u|s|blockquote)>|<a [^>]*>)*)${BLANK}+`);
const TRAILING_BLANKS = new RegExp(String.raw`${BLANK}+((?:</(?:p|ul|ol|li|strong|em|u|s|blockquote|a)>)*)$`);

/**
 * spec 1 §5 Shop profile edits, Story: HTML sanitised to the allow-list and trimmed; null when nothing readable is left
 * (the editor's empty `<p><br></p>` included), which the caller refuses with 'Please Add Story'.
 */
export function sanitizeStory(html: string): string | null {
  let clean = sanitizeHtml(html, STORY_OPTIONS);
  // blanks at the very start and end go, also inside the first and last blocks (`<p>&nbsp; Hello&nbsp;</p>`),
  // and then any block they leave empty
  for (let before = ""; before !== clean;) {
    before = clean;
    clean = clean
      .replace(LEADING_BLANKS, "$1")
      .replace(TRAILING_BLANKS, "$1")
      .replace(/^(?:<(p|li|ul|ol|blockquote)>\s*<\/\1>)+|(?:<(p|li|ul|ol|blockquote)>\s*<\/\2>)+$/g, "")
      .trim();
  }
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text ? clean : null;
}
