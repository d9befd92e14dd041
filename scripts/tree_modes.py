"""The whole-document trees of scripts/read_tables.py (docutils-tree, pandoc-rst-tree,
pandoc-markdown-tree): what a reader reads, a node a line, indented by nesting, so that two documents
whose trees print the same read the same, and a difference shows where it is.

- Text outside literal nodes has its white space collapsed (runs become one space), so that re-wrapping
  a paragraph changes nothing; text in literal blocks (docutils's FixedTextElement: literal blocks,
  doctest blocks, comments, raw; pandoc's CodeBlock and RawBlock) is kept exact but for trailing
  blank lines, which a fitted row may add. Inline code and raw inlines are text whose line breaks read
  as spaces: collapsed too (pandoc -f rst keeps a continuation line's indent inside an inline literal
  that spans lines, where docutils does not).
- Table column widths are left out: readers take them from a table's borders, which fitting redraws.
- docutils's system messages are kept as kind, level and first line of their text, line numbers taken
  out (a fit that makes docutils complain is a change); pandoc's warnings likewise.
"""
import io, json, re, subprocess

def collapse(text):
    return re.sub(r"\s+", " ", text)

def exact(text):
    """Literal text: kept, but for trailing blank lines and the white space at its very end."""
    return re.sub(r"\s+\Z", "", text)

def without_line_numbers(text):
    text = re.sub(r"\b(line|lines|column)s? \d+(-\d+)?", r"\1 N", text)
    return re.sub(r":\d+:", ":N:", text)

# docutils
DROPPED_ATTRIBUTES = {"source", "line", "colwidth", "backrefs", "rawsource"}
# Attributes whose values docutils numbers through the document ("id3", "system-message-2"): one
# more message in a table renumbers those of every later table, which is no change of theirs.
NUMBERED_ATTRIBUTES = {"ids", "refid"}

def unnumbered(value):
    if isinstance(value, list):
        return [unnumbered(v) for v in value]
    return re.sub(r"\d+$", "N", value) if isinstance(value, str) else value

def docutils_tree(path):
    import docutils.core, docutils.nodes
    with open(path, encoding="utf-8") as f:
        document = docutils.core.publish_doctree(
            f.read(), source_path=path,
            settings_overrides={"report_level": 1, "halt_level": 5, "warning_stream": io.StringIO(),
                                "syntax_highlight": "none"})  # else a code block is lost where Pygments is missing
    lines = []
    def walk(node, depth, literal):
        pad = "  " * depth
        if isinstance(node, docutils.nodes.Text):
            text = exact(str(node)) if literal else collapse(str(node))
            if text.strip() or literal:
                lines.append(pad + json.dumps(text, ensure_ascii=False))
            return
        if isinstance(node, docutils.nodes.system_message):
            first = node.children[0].astext().splitlines()[0] if node.children else ""
            lines.append(pad + "system_message %s level=%s %s" % (node.get("type"), node.get("level"),
                                                                 json.dumps(without_line_numbers(first), ensure_ascii=False)))
            return
        attributes = {k: v for k, v in sorted(node.attributes.items())
                      if k not in DROPPED_ATTRIBUTES and v not in ([], None, "")}
        shown = " ".join("%s=%s" % (k, json.dumps(unnumbered(v) if k in NUMBERED_ATTRIBUTES else v, ensure_ascii=False))
                         for k, v in attributes.items())
        lines.append(pad + node.tagname + (" " + shown if shown else ""))
        inner = literal or isinstance(node, docutils.nodes.FixedTextElement)
        for child in node.children:
            walk(child, depth + 1, inner)
    walk(document, 0, False)
    for message in getattr(document, "transform_messages", []):  # unresolved references and the like
        walk(message, 0, False)
    return lines

# pandoc
INLINE_SPACE = ("Space", "SoftBreak")
LITERAL = ("CodeBlock", "RawBlock", "Code", "RawInline")

def pandoc_tree(fmt, path, pandoc):
    run = subprocess.run([pandoc(), "-f", fmt, "-t", "json", "--verbose", path], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError("pandoc: " + run.stderr.strip())
    lines = []
    def walk(node, depth):
        pad = "  " * depth
        if isinstance(node, list):
            for n in words_joined(node):
                walk(n, depth)
            return
        if isinstance(node, str):
            lines.append(pad + json.dumps(collapse(node), ensure_ascii=False))
            return
        if isinstance(node, dict) and "t" not in node:  # a citation: its prefix and suffix are inlines
            for key in sorted(node):
                lines.append(pad + key)
                walk(node[key], depth + 1)
            return
        if not isinstance(node, dict):
            lines.append(pad + json.dumps(node, ensure_ascii=False))
            return
        kind, content = node["t"], node.get("c")
        if kind in LITERAL:
            head, text = content[:-1], content[-1]
            text = exact(text) if kind in ("CodeBlock", "RawBlock") else collapse(text)
            lines.append(pad + kind + " " + json.dumps(head, ensure_ascii=False) + " " + json.dumps(text, ensure_ascii=False))
            return
        if kind == "Table":
            return pandoc_table(content, depth, walk, lines)
        if kind == "Math":
            lines.append(pad + "Math " + json.dumps(content[0]) + " " + json.dumps(collapse(content[1]).strip(), ensure_ascii=False))
            return
        lines.append(pad + kind)
        if content is not None:
            walk(content, depth + 1)
    walk(json.loads(run.stdout)["blocks"], 0)
    for warning in run.stderr.splitlines():
        if warning.startswith("[WARNING]"):
            lines.append("warning " + json.dumps(without_line_numbers(warning.replace(path, "FILE")), ensure_ascii=False))
    return lines

def pandoc_table(content, depth, walk, lines):
    """A table as Table / Head, Body, Foot / Row / Cell, its blocks under each cell; column widths
    left out."""
    attr, caption, colspecs, head, bodies, foot = content
    pad = "  " * depth
    lines.append(pad + "Table " + json.dumps([attr, [spec[0]["t"] for spec in colspecs]], ensure_ascii=False))
    if caption[1]:
        lines.append(pad + "  Caption")
        walk(caption[1], depth + 2)
    def rows(name, part_rows):
        lines.append(pad + "  " + name)
        for row in part_rows:
            lines.append(pad + "    Row")
            for cell in row[1]:
                cell_attr, align, rowspan, colspan, blocks = cell
                lines.append(pad + "      Cell %s %d %d" % (align["t"], rowspan, colspan))
                walk(blocks, depth + 4)
    rows("Head", head[1])
    for body in bodies:
        rows("Body rowhead=%d" % body[1], body[2] + body[3])
    rows("Foot", foot[1])

def words_joined(nodes):
    """A list of inlines with each run of Str, Space and SoftBreak made one string, white space
    collapsed: re-wrapping changes which of Space and SoftBreak a reader puts between two words, never
    the words."""
    out, run = [], None
    for n in nodes:
        if isinstance(n, dict) and n.get("t") in ("Str",) + INLINE_SPACE:
            run = (run or "") + (n["c"] if n["t"] == "Str" else " ")
            continue
        if run is not None:
            # pandoc's RST reader drops a space before a footnote reference but keeps a line break:
            # white space in text either way.
            if isinstance(n, dict) and n.get("t") == "Note":
                run = run.rstrip()
            if run:
                out.append(run)
            run = None
        out.append(n)
    if run is not None:
        out.append(run)
    return out

def read_tree(reader, path, pandoc):
    if reader == "docutils-tree":
        lines = docutils_tree(path)
    elif reader == "pandoc-rst-tree":
        lines = pandoc_tree("rst", path, pandoc)
    elif reader == "pandoc-markdown-tree":
        lines = pandoc_tree("markdown", path, pandoc)
    else:
        raise ValueError("unknown reader %s" % reader)
    return "\n".join(lines) + "\n"
