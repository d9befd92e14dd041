#!/usr/bin/env python3
"""Prints what a reference reader makes of the tables in a document, as canonical JSON, so that two
documents can be compared: the same output means the same cells, spans, alignments and text.

Usage: scripts/read_tables.py pandoc-markdown|pandoc-markdown-widths|pandoc-markdown-document|pandoc-3.6-markdown|pandoc-3.6-markdown-blocks|pandoc-rst|docutils|docutils-errors FILE
       scripts/read_tables.py docutils-tree|pandoc-rst-tree|pandoc-markdown-tree FILE
       scripts/read_tables.py --serve
With --serve it reads requests from stdin, each a line with a byte count and then that many bytes,
"READER<TAB>FILE", and answers each the same way with the text the first form prints, so that a test
run pays Python's start and its imports once.
Each table is {"aligns": [...], "head": [rows], "body": [rows], "foot": [rows]}; a row is a list of
cells [rowspan, colspan, text, blocks], text with white space collapsed (nested tables appear inside it
as JSON) and blocks the kinds of the cell's blocks, nested ("DefinitionList(Plain,Plain)"), so that a
paragraph that becomes a definition list or a code block counts as a change. docutils-errors prints the
errors docutils reports about tables instead, each [line, message]. pandoc-markdown-widths adds "widths",
each column's ColWidth fraction rounded to 4 places (0 for ColWidthDefault), which pandoc takes from a
multiline table's dashes.
pandoc-markdown-document prints
every block pandoc's Markdown reader reads (its JSON), tables' column widths left out: a pipe table
with a line longer than pandoc's --columns takes them from its delimiter row's dashes, which formatting
aligns with the columns, and a grid table from its borders, which formatting draws to fit the cells
(README.md, "pandoc's Markdown").
The -tree readers print the whole document, a node a line, indented by nesting (tree_modes.py): text
with white space collapsed but in literal nodes (literal and code blocks exact, trailing blank lines
stripped), table column widths left out, docutils's messages kept (kind, level, text without line
numbers), so that two documents that print the same read the same.
pandoc comes from PATH (PyPI's pypandoc-binary ships it); docutils is the Python package.
"""
import json, re, subprocess, sys

def squash(text):
    return " ".join(text.split())

# pandoc: walk the JSON AST.
def pandoc_text(node):
    if isinstance(node, list):
        return " ".join(t for t in (pandoc_text(n) for n in node) if t)
    if not isinstance(node, dict):
        return ""
    kind, content = node.get("t"), node.get("c")
    if kind == "Str":
        return content
    if kind in ("Code", "Math", "RawInline"):
        return content[-1]
    if kind in ("CodeBlock", "RawBlock"):
        return content[-1]
    if kind == "Table":
        return json.dumps(pandoc_table(content), ensure_ascii=False)
    if kind in ("Space", "SoftBreak", "LineBreak"):
        return ""
    return pandoc_text(content) if isinstance(content, (list, dict)) else ""

def pandoc_blocks(node):
    """The kinds of the blocks in `node`, with the blocks they hold; inlines are left out."""
    if isinstance(node, list):
        return ",".join(t for t in (pandoc_blocks(n) for n in node) if t)
    if not isinstance(node, dict) or node.get("t") in (None, "Table") or node["t"][0].islower():
        return ""
    kind, content = node["t"], node.get("c")
    if kind in ("Str", "Space", "SoftBreak", "LineBreak", "Emph", "Strong", "Code", "Link", "Image", "Math",
                "RawInline", "Quoted", "Cite", "Span", "Note", "Strikeout", "Superscript", "Subscript",
                "SmallCaps", "Underline"):
        return ""
    inner = pandoc_blocks(content) if isinstance(content, (list, dict)) else ""
    return kind + ("(" + inner + ")" if inner else "")

def pandoc_rows(rows):
    return [[[cell[2], cell[3], squash(pandoc_text(cell[4])), pandoc_blocks(cell[4])] for cell in row[1]] for row in rows]

WITH_WIDTHS = False

def pandoc_table(c):
    _attr, _caption, colspecs, head, bodies, foot = c
    body_rows = []
    for body in bodies:
        body_rows += pandoc_rows(body[2]) + pandoc_rows(body[3])
    table = {"aligns": [spec[0]["t"] for spec in colspecs], "head": pandoc_rows(head[1]), "body": body_rows,
             "foot": pandoc_rows(foot[1])}
    if WITH_WIDTHS:
        table["widths"] = [round(spec[1].get("c", 0), 4) for spec in colspecs]
    return table

def pandoc_tables(node, found):
    if isinstance(node, list):
        for n in node:
            pandoc_tables(n, found)
    elif isinstance(node, dict):
        if node.get("t") == "Table":
            found.append(pandoc_table(node["c"]))
        else:
            pandoc_tables(node.get("c"), found)
    return found

_pandoc = None

def pandoc_binary():
    global _pandoc
    if _pandoc is None:
        _pandoc = find_pandoc()
    return _pandoc

def find_pandoc():
    import shutil
    found = shutil.which("pandoc")
    if found:
        return found
    import pypandoc  # PyPI's pypandoc-binary ships pandoc inside the package
    return pypandoc.get_pandoc_path()

def pandoc_before_3_8():
    """pandoc 3.6 (PyPI's pypandoc-binary 1.15), installed beside the newer one in the same virtual
    environment (`pip install --target <venv>/pandoc-3.6 pypandoc-binary==1.15`, as .ci/run does): it
    reads definition lists as pandoc did before 3.8."""
    import os
    return os.path.join(sys.prefix, "pandoc-3.6", "pypandoc", "files", "pandoc")

def read_pandoc(fmt, path, binary=None):
    out = subprocess.run([binary or pandoc_binary(), "-f", fmt, "-t", "json", path], check=True, capture_output=True, text=True).stdout
    return pandoc_tables(json.loads(out)["blocks"], [])

def without_widths(node):
    """The JSON AST with every table's column widths left out (see the module's description)."""
    if isinstance(node, list):
        return [without_widths(n) for n in node]
    if not isinstance(node, dict):
        return node
    if node.get("t") == "Table":
        attr, caption, colspecs, head, bodies, foot = node["c"]
        colspecs = [[spec[0], None] for spec in colspecs]
        return {"t": "Table", "c": without_widths([attr, caption, colspecs, head, bodies, foot])}
    return {key: without_widths(value) for key, value in node.items()}

BLOCKS = {"Para", "Plain", "Header", "CodeBlock", "RawBlock", "BlockQuote", "OrderedList", "BulletList",
          "DefinitionList", "Table", "Div", "LineBlock", "HorizontalRule", "Figure"}

def block_shape(node):
    """Only which blocks hold which (a table is a table, whatever its cells and alignments): what pandoc 3.6
    reads of a document's containers, which it reads as 3.9 does but for definition lists."""
    if isinstance(node, dict) and node.get("t") in BLOCKS:
        inner = None if node["t"] == "Table" else block_shape(node.get("c"))
        return [node["t"], inner] if inner else node["t"]
    if isinstance(node, dict):
        return block_shape(node.get("c"))
    if isinstance(node, list):
        shapes = [shape for shape in (block_shape(n) for n in node) if shape]
        return shapes or None
    return None

def read_pandoc_document(path, binary=None):
    out = subprocess.run([binary or pandoc_binary(), "-f", "markdown", "-t", "json", path], check=True, capture_output=True, text=True).stdout
    return without_widths(json.loads(out)["blocks"])

# docutils: walk the doctree.
def read_docutils(path):
    import docutils.core, docutils.nodes
    with open(path, encoding="utf-8") as f:
        tree = docutils.core.publish_doctree(f.read(), settings_overrides={"report_level": 5, "halt_level": 5})
    # docutils's warnings name line numbers and are no part of a cell's content.
    for message in list(tree.findall(docutils.nodes.system_message)):
        message.parent.remove(message)
    tables = []
    for table in tree.findall(docutils.nodes.table):
        if table.parent is not None and any(isinstance(a, docutils.nodes.entry) for a in parents(table)):
            continue  # nested: shown inside its cell's text
        tables.append(docutils_table(table))
    return tables

def parents(node):
    while node.parent is not None:
        node = node.parent
        yield node

def docutils_text(entry):
    import docutils.nodes
    parts = []
    for child in entry.children:
        if isinstance(child, docutils.nodes.system_message):
            continue  # docutils's warnings, which name line numbers: not the cell's content
        if isinstance(child, docutils.nodes.table):
            parts.append(json.dumps(docutils_table(child), ensure_ascii=False))
        else:
            parts.append(child.astext())
    return squash(" ".join(parts))

def docutils_blocks(node):
    """The tag names of the body elements under `node`, nested; paragraphs and nested tables end it."""
    import docutils.nodes
    kinds = []
    for child in node.children:
        if isinstance(child, (docutils.nodes.Text, docutils.nodes.Inline, docutils.nodes.system_message)):
            continue
        inner = "" if isinstance(child, (docutils.nodes.TextElement, docutils.nodes.table)) else docutils_blocks(child)
        kinds.append(child.tagname + ("(" + inner + ")" if inner else ""))
    return ",".join(kinds)

def docutils_table(table):
    import docutils.nodes
    group = next(c for c in table.children if isinstance(c, docutils.nodes.tgroup))
    result = {"aligns": [spec.get("align", "default") for spec in group.findall(docutils.nodes.colspec)], "head": [], "body": [], "foot": []}
    for part in group.children:
        if isinstance(part, (docutils.nodes.thead, docutils.nodes.tbody)):
            rows = [[[entry.get("morerows", 0) + 1, entry.get("morecols", 0) + 1, docutils_text(entry), docutils_blocks(entry)]
                     for entry in row.children] for row in part.children]
            result["head" if isinstance(part, docutils.nodes.thead) else "body"] += rows
    return result

def read_docutils_errors(path):
    """The errors docutils reports about tables (its messages of level ERROR and up that name a table,
    but for those about the content of a `table` directive, which are no table's own), each as [line,
    its message's first line]."""
    import docutils.core, docutils.nodes
    with open(path, encoding="utf-8") as f:
        tree = docutils.core.publish_doctree(f.read(), settings_overrides={"report_level": 5, "halt_level": 5})
    errors = []
    for message in tree.findall(docutils.nodes.system_message):
        text = message.children[0].astext() if message.children else ""
        if message.get("level", 0) >= 3 and re.search(r"\btable\b", text, re.I) and '"table" directive' not in text:
            errors.append([message.get("line"), text.splitlines()[0]])
    return errors

def read(reader, path):
    if reader.endswith("-tree"):
        import tree_modes
        return tree_modes.read_tree(reader, path, pandoc_binary)
    if reader == "docutils":
        tables = read_docutils(path)
    elif reader == "docutils-errors":
        tables = read_docutils_errors(path)
    elif reader == "pandoc-markdown-document":
        tables = read_pandoc_document(path)
    elif reader == "pandoc-3.6-markdown":
        tables = read_pandoc("markdown", path, pandoc_before_3_8())
    elif reader == "pandoc-3.6-markdown-blocks":
        out = subprocess.run([pandoc_before_3_8(), "-f", "markdown", "-t", "json", path], check=True, capture_output=True, text=True).stdout
        tables = block_shape(json.loads(out)["blocks"])
    elif reader in ("pandoc-markdown", "pandoc-rst", "pandoc-markdown-widths"):
        global WITH_WIDTHS
        WITH_WIDTHS = reader.endswith("-widths")
        tables = read_pandoc(reader.split("-")[1], path)
    else:
        raise ValueError("unknown reader %s" % reader)
    return json.dumps(tables, ensure_ascii=False, indent=1) + "\n"

def serve():
    source, out = sys.stdin.buffer, sys.stdout.buffer
    while True:
        header = source.readline()
        if not header:
            return
        reader, path = source.read(int(header)).decode().split("\t", 1)
        try:
            answer = read(reader, path).encode()
        except Exception as error:  # answered, so that the test sees the failure and the server goes on
            answer = ("error: %s: %s\n" % (type(error).__name__, error)).encode()
        out.write(b"%d\n" % len(answer) + answer)
        out.flush()

def main():
    if sys.argv[1:] == ["--serve"]:
        return serve()
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        sys.stdout.write(read(sys.argv[1], sys.argv[2]))
    except ValueError as error:
        sys.exit(str(error))

if __name__ == "__main__":
    main()
