// goldmark_serve: goldmark (the Markdown reader inside Hugo) as a long-running process for the tests,
// configured as Hugo's defaults (markup.goldmark in Hugo 0.111): GFM tables, strikethrough, linkify, task
// lists, typographer, definition lists, footnotes, attributes on headings, GitHub-style heading IDs,
// raw HTML left out (unsafe = false). With -block-attributes, also Hugo's
// markup.goldmark.parser.attribute.block: a line `{.class #id key=value}` right under a block (no blank
// line between) sets that block's attributes and is not shown.
//
// What Hugo does besides and this does not: Chroma highlighting of code fences (Hugo's
// markup.highlight.codeFences, on by default), render hooks, shortcodes (`{{< x >}}`, `{{% x %}}`, which
// Hugo replaces before goldmark reads the page), and the table of contents.
//
// Built by scripts/build_goldmark_serve.sh against Debian's goldmark source
// (golang-github-yuin-goldmark-dev), offline. Usage:
//
//	goldmark_serve [-block-attributes]        serve: a line with a byte count, then that many bytes of
//	                                          Markdown; each answer is framed the same way
//	goldmark_serve [-block-attributes] FILE   print FILE's HTML once
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// headingIDs gives headings GitHub-style IDs as Hugo does (autoHeadingIDType = "github"): letters,
// digits and '_' lowercased, each space, tab or '-' becomes '-', anything else is dropped; an empty ID
// is "heading"; a repeated one gets "-1", "-2", ...
type headingIDs struct{ used map[string]bool }

func (ids *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	for len(value) > 0 {
		r, size := utf8.DecodeRune(value)
		switch {
		case r == '-' || r == ' ' || r == '\t':
			b.WriteRune('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		}
		value = value[size:]
	}
	id := b.String()
	if id == "" {
		if kind == ast.KindHeading {
			id = "heading"
		} else {
			id = "id"
		}
	}
	if ids.used[id] {
		for i := 1; ; i++ {
			if candidate := id + "-" + strconv.Itoa(i); !ids.used[candidate] {
				id = candidate
				break
			}
		}
	}
	ids.used[id] = true
	return []byte(id)
}

func (ids *headingIDs) Put(value []byte) { ids.used[string(value)] = true }

// blockAttributes is a line holding only `{...}` attributes: it may interrupt a paragraph (so it ends a
// table too), and the transformer below moves its attributes onto the block right above it.
type blockAttributes struct{ ast.BaseBlock }

var kindBlockAttributes = ast.NewNodeKind("BlockAttributes")

func (n *blockAttributes) Kind() ast.NodeKind { return kindBlockAttributes }
func (n *blockAttributes) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, nil, nil)
}

type blockAttributesParser struct{}

func (blockAttributesParser) Trigger() []byte { return []byte{'{'} }
func (blockAttributesParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	attributes, ok := parser.ParseAttributes(reader)
	if !ok {
		return nil, parser.RequireParagraph
	}
	node := &blockAttributes{}
	for _, a := range attributes {
		node.SetAttribute(a.Name, a.Value)
	}
	return node, parser.NoChildren
}
func (blockAttributesParser) Continue(ast.Node, text.Reader, parser.Context) parser.State {
	return parser.Close
}
func (blockAttributesParser) Close(ast.Node, text.Reader, parser.Context) {}
func (blockAttributesParser) CanInterruptParagraph() bool                 { return true }
func (blockAttributesParser) CanAcceptIndentedLine() bool                 { return false }

type blockAttributesTransformer struct{}

func (blockAttributesTransformer) Transform(document *ast.Document, reader text.Reader, pc parser.Context) {
	var found []ast.Node
	_ = ast.Walk(document, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Kind() == kindBlockAttributes {
			found = append(found, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, n := range found {
		previous := n.PreviousSibling()
		if previous != nil && previous.Type() == ast.TypeBlock && previous.Kind() != ast.KindFencedCodeBlock && !n.HasBlankPreviousLines() {
			for _, a := range n.Attributes() {
				if _, set := previous.Attribute(a.Name); !set {
					previous.SetAttribute(a.Name, a.Value)
				}
			}
		}
		n.Parent().RemoveChild(n.Parent(), n)
	}
}

// wwwLinksHTTPS gives a linkified `www.` address the scheme https, as Hugo's
// markup.goldmark.extensions.linkifyProtocol (default "https") does; goldmark alone writes http.
type wwwLinksHTTPS struct{}

func (wwwLinksHTTPS) Transform(document *ast.Document, reader text.Reader, pc parser.Context) {
	_ = ast.Walk(document, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if link, ok := n.(*ast.AutoLink); ok && entering && link.Protocol != nil {
			link.Protocol = []byte("https")
		}
		return ast.WalkContinue, nil
	})
}

type blockAttributesExtension struct{}

func (blockAttributesExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockAttributesParser{}, 100)),
		parser.WithASTTransformers(util.Prioritized(blockAttributesTransformer{}, 100)),
	)
}

func newMarkdown(withBlockAttributes bool) goldmark.Markdown {
	extensions := []goldmark.Extender{
		extension.Table, extension.Strikethrough, extension.Linkify, extension.TaskList,
		extension.Typographer, extension.DefinitionList, extension.Footnote,
	}
	if withBlockAttributes {
		extensions = append(extensions, blockAttributesExtension{})
	}
	return goldmark.New(
		goldmark.WithExtensions(extensions...),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(), parser.WithAttribute(),
			parser.WithASTTransformers(util.Prioritized(wwwLinksHTTPS{}, 200)),
		),
	)
}

// render converts source; where goldmark 1.5.4 itself panics (a slice bound in its table parser, on some
// rows with escaped pipes), the answer is a marker naming the panic, so that the caller can tell a page
// Hugo could not build from one it renders, and the server goes on.
func render(md goldmark.Markdown, source []byte) (html []byte) {
	defer func() {
		if failure := recover(); failure != nil {
			html = []byte(fmt.Sprintf("<!-- goldmark panicked: %v -->\n", failure))
		}
	}()
	var out bytes.Buffer
	context := parser.NewContext(parser.WithIDs(&headingIDs{used: map[string]bool{}}))
	if err := md.Convert(source, &out, parser.WithContext(context)); err != nil {
		fmt.Fprintln(os.Stderr, "goldmark_serve:", err)
		os.Exit(1)
	}
	return out.Bytes()
}

func main() {
	withBlockAttributes := flag.Bool("block-attributes", false, "Hugo's markup.goldmark.parser.attribute.block")
	flag.Parse()
	md := newMarkdown(*withBlockAttributes)
	if flag.NArg() == 1 {
		source, err := os.ReadFile(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, "goldmark_serve:", err)
			os.Exit(1)
		}
		os.Stdout.Write(render(md, source))
		return
	}
	in, out := bufio.NewReader(os.Stdin), bufio.NewWriter(os.Stdout)
	for {
		header, err := in.ReadString('\n')
		if err == io.EOF && header == "" {
			return
		}
		count, convErr := strconv.Atoi(strings.TrimSpace(header))
		if err != nil || convErr != nil || count < 0 {
			fmt.Fprintf(os.Stderr, "goldmark_serve: bad request header %q\n", header)
			os.Exit(2)
		}
		source := make([]byte, count)
		if _, err := io.ReadFull(in, source); err != nil {
			fmt.Fprintln(os.Stderr, "goldmark_serve: request ended early:", err)
			os.Exit(2)
		}
		html := render(md, source)
		fmt.Fprintf(out, "%d\n", len(html))
		out.Write(html)
		out.Flush()
	}
}
