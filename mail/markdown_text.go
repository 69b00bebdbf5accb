package mail

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// MarkdownText renders Markdown source as the plain-text part of an email:
// the words without Markdown's marks, a link as "its text (its address)",
// list items as "- " or "1. " lines, quotes with "> ", code indented. Raw
// HTML is left out and links that could run script lose their address, as
// in MarkdownHTML.
func MarkdownText(source string) string {
	src := []byte(source)
	doc := markdown.Parser().Parse(text.NewReader(src))
	var b strings.Builder
	textBlocks(&b, doc, src, "")
	return strings.Trim(b.String(), "\n")
}

// textBlocks writes the blocks under n, each line begun with prefix, with
// a blank line between blocks.
func textBlocks(b *strings.Builder, n ast.Node, src []byte, prefix string) {
	first := true
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Kind() == ast.KindHTMLBlock {
			continue // raw HTML is not shown, as in the HTML part
		}
		if !first && !tightItem(c) {
			b.WriteString(strings.TrimRight(prefix, " ") + "\n")
		}
		first = false
		switch c := c.(type) {
		case *ast.Heading, *ast.Paragraph, *ast.TextBlock:
			writeLines(b, prefix, inlineText(c, src))
		case *ast.List:
			for i, item := 0, c.FirstChild(); item != nil; i, item = i+1, item.NextSibling() {
				marker := "- "
				if c.IsOrdered() {
					marker = fmt.Sprintf("%d. ", c.Start+i)
				}
				var sub strings.Builder
				textBlocks(&sub, item, src, "")
				lines := strings.Split(strings.TrimRight(sub.String(), "\n"), "\n")
				for j, line := range lines {
					lead := prefix + marker
					if j > 0 {
						lead = prefix + strings.Repeat(" ", len(marker))
					}
					b.WriteString(strings.TrimRight(lead+line, " ") + "\n")
				}
			}
		case *ast.Blockquote:
			textBlocks(b, c, src, prefix+"> ")
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := c.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.WriteString(prefix + "    " + strings.TrimRight(string(seg.Value(src)), "\n") + "\n")
			}
		case *ast.ThematicBreak:
			b.WriteString(prefix + "----\n")
		default:
			textBlocks(b, c, src, prefix)
		}
	}
}

// tightItem reports whether n is in an item of a tight list, whose blocks
// take no blank line between them.
func tightItem(n ast.Node) bool {
	item, ok := n.Parent().(*ast.ListItem)
	if !ok {
		return false
	}
	list, ok := item.Parent().(*ast.List)
	return ok && list.IsTight
}

// writeLines writes s line by line, each begun with prefix.
func writeLines(b *strings.Builder, prefix, s string) {
	for line := range strings.SplitSeq(s, "\n") {
		b.WriteString(strings.TrimRight(prefix+line, " ") + "\n")
	}
}

// inlineText is the text of n's inline children.
func inlineText(n ast.Node, src []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.HardLineBreak() || c.SoftLineBreak() {
				b.WriteString("\n")
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan, *ast.Emphasis:
			b.WriteString(inlineText(c, src))
		case *ast.Link:
			b.WriteString(withAddress(inlineText(c, src), c.Destination))
		case *ast.Image:
			b.WriteString(withAddress(inlineText(c, src), c.Destination))
		case *ast.AutoLink:
			b.Write(c.URL(src))
		case *ast.RawHTML:
			// Left out, as in the HTML part.
		default:
			b.WriteString(inlineText(c, src))
		}
	}
	return b.String()
}

// withAddress is a link's text followed by its address, unless the text is
// the address or the address could run script.
func withAddress(label string, dest []byte) string {
	if len(dest) == 0 || html.IsDangerousURL(dest) || label == string(dest) {
		return label
	}
	if label == "" {
		return string(dest)
	}
	return label + " (" + string(dest) + ")"
}
