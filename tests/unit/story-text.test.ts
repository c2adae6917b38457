import { describe, expect, it } from "vitest";
import { storyForPage, storyHtmlToText, textToStoryHtml } from "~/services/shop-page.server";

// spec 1 §2 Story rich-text card; ARCHITECTURE §1: without JavaScript the card is a textarea, and saving it must not lose
// the formatting the editor gave the story ("nothing a user saved is ever lost")
describe("the story's no-JS text", () => {
  const edited =
    '<p>Native botanicals, <strong>small batches</strong> and <em>no plastic</em>.</p><ul><li>Soap</li><li>Balm</li></ul><ol><li>Order</li><li>Enjoy</li></ol><p>See <a href="https://glow.test">our site</a>.<br>Thanks</p>';

  it("shows the editor's bold, italic, lists and links as marks the textarea reads back", () => {
    const text = storyHtmlToText(edited);
    expect(text).toBe(
      "Native botanicals, **small batches** and *no plastic*.\n\n- Soap\n- Balm\n\n1. Order\n2. Enjoy\n\nSee [our site](https://glow.test).\nThanks",
    );
    expect(storyForPage(textToStoryHtml(text)).html).toBe(storyForPage(edited).html);
  });

  it("turns paragraphs, line breaks and list blocks typed without JavaScript into HTML, keeping typed HTML as text", () => {
    expect(textToStoryHtml("First <b>not bold</b>.\r\n\r\n- one\n- two\n\n1. a\n2) b\n\nline\nbreak")).toBe(
      "<p>First &lt;b&gt;not bold&lt;/b&gt;.</p><ul><li>one</li><li>two</li></ul><ol><li>a</li><li>b</li></ol><p>line<br>break</p>",
    );
  });

  it("leaves a lone asterisk, a multiplication and a non-web link alone", () => {
    expect(textToStoryHtml("2 * 3 = 6, and *not closed")).toBe("<p>2 * 3 = 6, and *not closed</p>");
    expect(textToStoryHtml("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
  });
});
