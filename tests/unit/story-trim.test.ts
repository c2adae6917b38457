import { describe, expect, it } from "vitest";
import { sanitizeStory } from "#server-shared/story";

// spec 1 §5 Shop profile edits: "Story: empty editor rejected ('Please Add Story'); text trimmed."
describe("the shop story is trimmed", () => {
  it.each([
    ["&nbsp; Fresh flowers daily.&nbsp; ", "Fresh flowers daily."],
    ["<p>&nbsp;&nbsp; Fresh flowers daily. &nbsp;</p>", "<p>Fresh flowers daily.</p>"],
    [
      "<p><br></p><p>  <strong>&nbsp;Fresh</strong> flowers</p><p>daily.&nbsp;<br></p><p>&nbsp;</p>",
      "<p><strong>Fresh</strong> flowers</p><p>daily.</p>",
    ],
    ["<ul><li>\u00a0 one</li><li>two \u00a0</li></ul>", "<ul><li>one</li><li>two</li></ul>"],
  ])("%j → %j", (input, stored) => {
    expect(sanitizeStory(input)).toBe(stored);
  });

  it("keeps blanks between words and paragraphs, and refuses a story of blanks only", () => {
    expect(sanitizeStory("<p>Fresh&nbsp; flowers</p><p>daily</p>")).toBe("<p>Fresh\u00a0 flowers</p><p>daily</p>");
    expect(sanitizeStory("<p>&nbsp;</p><p><br></p>")).toBeNull();
    expect(sanitizeStory("   &nbsp; ")).toBeNull();
  });
});
