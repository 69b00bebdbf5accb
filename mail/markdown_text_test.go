package mail

import "testing"

// The text part of a broadcast reads as plain text: no Markdown marks,
// links with their address, lists and quotes kept as lines, raw HTML and
// script links left out.
func TestMarkdownText(t *testing.T) {
	for _, c := range []struct{ name, source, want string }{
		{"emphasis", "Hello **readers**, _welcome_ and `code`.", "Hello readers, welcome and code."},
		{"heading", "# June news\n\nWe shipped.", "June news\n\nWe shipped."},
		{"link", "Read [the guide](https://example.com/guide).", "Read the guide (https://example.com/guide)."},
		{"autolink", "See <https://example.com>.", "See https://example.com."},
		{"link that is its address", "[https://example.com](https://example.com)", "https://example.com"},
		{"script link", "[click me](javascript:alert(1))", "click me"},
		{"tight list", "- one\n- **two**", "- one\n- two"},
		{"ordered list", "3. third\n4. fourth", "3. third\n4. fourth"},
		{"nested list", "- one\n  - inner\n- two", "- one\n  - inner\n- two"},
		{"quote", "> Quoted\n> words", "> Quoted\n> words"},
		{"code block", "```\nx := 1\n```", "    x := 1"},
		{"raw html", "<script>alert(1)</script>\n\nSafe <b>bold</b>.", "Safe bold."},
		{"raw html between paragraphs", "one\n\n<div>x</div>\n\ntwo", "one\n\ntwo"},
		{"line breaks", "one\ntwo", "one\ntwo"},
		{"rule", "above\n\n---\n\nbelow", "above\n\n----\n\nbelow"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := MarkdownText(c.source); got != c.want {
				t.Errorf("MarkdownText(%q) =\n%q\nwant\n%q", c.source, got, c.want)
			}
		})
	}
}
