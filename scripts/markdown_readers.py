#!/usr/bin/env python3
"""Common Markdown readers, each as the tests' oracle for what a document renders to, so that formatting a
table can be checked to change nothing any of them shows. Each reader is set up once per process and
asked one document at a time; the Ruby and Go ones run as child processes started once.

Readers (READERS), each configured as the site generator or viewer that uses it does by default:
  github               cmark-gfm (GitHub, GitLab): scripts/cmark_serve.py, `cmark-gfm -e table -e tasklist --unsafe`
  markdown-it          markdown-it-py's documented "gfm-like" preset: CommonMark + tables + strikethrough +
                       linkify, raw HTML on (what VitePress and VS Code's preview build on; both linkify)
  myst                 myst-parser's MyST reading through docutils (myst_parser.parsers.docutils_.Parser,
                       the parser `myst-docutils-html5` uses; Sphinx reads MyST through the same code),
                       extensions colon_fence, deflist, dollarmath, attrs_block, attrs_inline, fieldlist,
                       substitution, tasklist; HTML from docutils' html5 writer. Directives run, so the
                       table inside `:::{table}` or ```` ```{note} ```` is a table. Sphinx-only directives
                       (toctree, ...) are unknown to docutils and show nothing
  python-markdown      Python-Markdown with `tables` and `fenced_code`, the two that every MkDocs site has
  mkdocs               Python-Markdown as a Material for MkDocs site enables it (MKDOCS_EXTENSIONS below,
                       with MkDocs's built-in toc, tables and fenced_code); an extension that fails to load
                       is left out and named by --check
  goldmark             goldmark as Hugo 0.111 configures it by default (scripts/goldmark_serve/main.go)
  goldmark-attributes  the same with Hugo's markup.goldmark.parser.attribute.block = true
  kramdown             kramdown with the GFM parser as Jekyll configures it (scripts/kramdown_serve.rb)

Usage:
  scripts/markdown_readers.py READER FILE            print FILE's HTML as READER renders it
  scripts/markdown_readers.py --check                one line per reader: "READER: ok (versions)" or
                                                     "READER: missing (what to install)"; exits 0
  scripts/markdown_readers.py --bench N              milliseconds per document through each server,
                                                     on N seeded random small documents
  scripts/markdown_readers.py --serve READER [--visible]
        serve on stdin/stdout: a request is a line with a byte count and then that many bytes of Markdown;
        the answer is framed the same way: the HTML, or with --visible its visible reading (visible())
  scripts/markdown_readers.py --program READER FILE [--visible]
        FILE's HTML from the reader run as its own program in a fresh process (cmark-gfm, `python3 -m
        markdown`, myst-docutils-html5, the goldmark and kramdown servers in one-shot mode): what the
        served reader is checked against

The Python packages come from PyPI (pip install markdown pymdown-extensions markdown-it-py linkify-it-py
mdit-py-plugins myst-parser), the others from Debian (apt-get install cmark-gfm ruby-kramdown
ruby-kramdown-parser-gfm ruby-rouge golang-go golang-github-yuin-goldmark-dev).
"""
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GOLDMARK_SERVER = os.path.join(ROOT, ".build-oracles", "goldmark_serve")
KRAMDOWN_SERVER = os.path.join(HERE, "kramdown_serve.rb")

PIP = "pip install"
APT = "apt-get install"

# Material for MkDocs' usual set (its "Setup > Extensions" pages), with MkDocs's own built-ins first.
# pymdownx.emoji uses its own bundled Twemoji index (Material's needs the mkdocs-material package); it reads
# nothing from the network. pymdownx.snippets is left out: it reads other files.
MKDOCS_EXTENSIONS = [
    ("toc", {"permalink": True}),
    ("tables", {}),
    ("fenced_code", {}),
    ("abbr", {}),
    ("admonition", {}),
    ("attr_list", {}),
    ("def_list", {}),
    ("footnotes", {}),
    ("md_in_html", {}),
    ("pymdownx.highlight", {"anchor_linenums": True, "line_spans": "__span", "pygments_lang_class": True}),
    ("pymdownx.inlinehilite", {}),
    ("pymdownx.superfences", {}),
    ("pymdownx.details", {}),
    ("pymdownx.tabbed", {"alternate_style": True}),
    ("pymdownx.blocks.caption", {}),
    ("pymdownx.tasklist", {"custom_checkbox": True}),
    ("pymdownx.emoji", {}),
]

MYST_EXTENSIONS = ["colon_fence", "deflist", "dollarmath", "attrs_block", "attrs_inline", "fieldlist",
                   "substitution", "tasklist"]


class Missing(Exception):
    """A reader that cannot run here; the message says what to install."""


def utf8(markdown):
    return markdown.decode("utf-8", "surrogateescape")


def to_bytes(text):
    return text.encode("utf-8", "surrogateescape")


class Served:
    """A child process asked one document at a time with the framing of --serve; started on first use and
    again if it ended. It ends when this process does (its input closes)."""

    def __init__(self, argv):
        self.argv = argv
        self.process = None

    def ask(self, request):
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.process.stdin.write(b"%d\n" % len(request) + request)
        self.process.stdin.flush()
        header = self.process.stdout.readline()
        if not header:
            raise RuntimeError("%s ended" % " ".join(self.argv))
        answer = self.process.stdout.read(int(header))
        if len(answer) != int(header):
            raise RuntimeError("%s ended mid-answer" % " ".join(self.argv))
        return answer


# Each reader: version() -> str (raises Missing), and make() -> render(bytes) -> bytes.

def github_version():
    if not shutil.which("cmark-gfm"):
        raise Missing("%s cmark-gfm" % APT)
    out = subprocess.run(["cmark-gfm", "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else "cmark-gfm"


def github_make():
    sys.path.insert(0, HERE)
    import cmark_serve
    return cmark_serve.render


def python_markdown_version():
    try:
        import markdown
    except ImportError:
        raise Missing("%s markdown" % PIP)
    return "Python-Markdown %s" % markdown.__version__


def python_markdown_make():
    import markdown
    md = markdown.Markdown(extensions=["tables", "fenced_code"])
    return lambda source: to_bytes(md.reset().convert(utf8(source)))


def mkdocs_loaded():
    """The MKDOCS_EXTENSIONS that load and convert a line here, and the names of those that do not."""
    import markdown
    loaded, failed = [], []
    for name, config in MKDOCS_EXTENSIONS:
        try:
            markdown.Markdown(extensions=[name], extension_configs={name: config}).convert("*a* `b`\n")
            loaded.append((name, config))
        except Exception as error:  # any failure to load leaves the extension out
            failed.append("%s (%s)" % (name, type(error).__name__))
    return loaded, failed


def mkdocs_version():
    try:
        import markdown
        import pymdownx
    except ImportError:
        raise Missing("%s markdown pymdown-extensions" % PIP)
    loaded, failed = mkdocs_loaded()
    left_out = "; left out: %s" % ", ".join(failed) if failed else ""
    return "Python-Markdown %s, pymdown-extensions %s, %d extensions%s" % (
        markdown.__version__, pymdownx.__version__, len(loaded), left_out)


def mkdocs_make():
    import markdown
    loaded, _ = mkdocs_loaded()
    md = markdown.Markdown(extensions=[name for name, _ in loaded],
                           extension_configs={name: config for name, config in loaded})
    return lambda source: to_bytes(md.reset().convert(utf8(source)))


def markdown_it_version():
    try:
        import markdown_it
        import linkify_it  # noqa: F401  (the gfm-like preset linkifies)
    except ImportError:
        raise Missing("%s markdown-it-py linkify-it-py" % PIP)
    return "markdown-it-py %s, preset gfm-like" % markdown_it.__version__


def markdown_it_make():
    from markdown_it import MarkdownIt
    md = MarkdownIt("gfm-like")
    return lambda source: to_bytes(md.render(utf8(source)))


MYST_SETTINGS = {
    "myst_enable_extensions": MYST_EXTENSIONS,
    "doctitle_xform": False,  # a lone first heading stays in the body, as a page shows it
    "sectsubtitle_xform": False,
    "report_level": 5,
    "halt_level": 5,
    "warning_stream": False,
    "syntax_highlight": "none",
    "embed_stylesheet": False,
    "_disable_config": True,
    "input_encoding": "unicode",
    "output_encoding": "unicode",
}


def myst_version():
    try:
        import docutils
        import myst_parser
        import myst_parser.parsers.docutils_  # noqa: F401
    except ImportError:
        raise Missing("%s myst-parser" % PIP)
    return "myst-parser %s, docutils %s" % (myst_parser.__version__, docutils.__version__)


def myst_make():
    import docutils.core
    from myst_parser.parsers.docutils_ import Parser
    parser = Parser()

    def render(source):
        parts = docutils.core.publish_parts(utf8(source), parser=parser, writer="html5",
                                            settings_overrides=MYST_SETTINGS)
        return to_bytes(parts["body"])
    return render


def goldmark_build():
    """Builds the goldmark server if it is missing or older than its source (a few seconds, offline)."""
    if not shutil.which("go") or not os.path.isdir("/usr/share/gocode/src/github.com/yuin/goldmark"):
        raise Missing("%s golang-go golang-github-yuin-goldmark-dev" % APT)
    build = subprocess.run(["bash", os.path.join(HERE, "build_goldmark_serve.sh")], capture_output=True, text=True)
    if build.returncode != 0:
        raise Missing("scripts/build_goldmark_serve.sh failed: %s" % build.stderr.strip()[-300:])
    return GOLDMARK_SERVER


def goldmark_version(extra=""):
    goldmark_build()
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "golang-github-yuin-goldmark-dev"],
                             capture_output=True, text=True).stdout
    return "goldmark %s, Hugo 0.111 defaults%s" % (version or "?", extra)


def goldmark_make(*flags):
    def make():
        server = Served([goldmark_build(), *flags])
        return server.ask
    return make


def kramdown_version():
    if not shutil.which("ruby"):
        raise Missing("%s ruby-kramdown ruby-kramdown-parser-gfm ruby-rouge" % APT)
    run = subprocess.run(["ruby", KRAMDOWN_SERVER, "--version"], capture_output=True, text=True)
    if run.returncode != 0:
        raise Missing("%s ruby-kramdown ruby-kramdown-parser-gfm ruby-rouge" % APT)
    return run.stdout.strip() + ", Jekyll defaults"


def kramdown_make():
    return Served(["ruby", KRAMDOWN_SERVER]).ask


READERS = {
    "github": (github_version, github_make),
    "markdown-it": (markdown_it_version, markdown_it_make),
    "myst": (myst_version, myst_make),
    "python-markdown": (python_markdown_version, python_markdown_make),
    "mkdocs": (mkdocs_version, mkdocs_make),
    "goldmark": (goldmark_version, goldmark_make()),
    "goldmark-attributes": (lambda: goldmark_version(" and block attributes"), goldmark_make("-block-attributes")),
    "kramdown": (kramdown_version, kramdown_make),
}

_renderers = {}


def render(reader, markdown_bytes):
    """The HTML (bytes) of `markdown_bytes` as `reader` renders it; raises Missing if it cannot run here."""
    if reader not in READERS:
        raise KeyError("unknown reader %r (one of %s)" % (reader, ", ".join(READERS)))
    if reader not in _renderers:
        version, make = READERS[reader]
        version()
        _renderers[reader] = make()
    return _renderers[reader](markdown_bytes)


def program_html(reader, path):
    """`path`'s HTML from the reader run as its own program, in a fresh process."""
    READERS[reader][0]()  # raises Missing
    python = sys.executable
    if reader == "github":
        argv = ["cmark-gfm", "-e", "table", "-e", "tasklist", "--unsafe", path]
    elif reader == "python-markdown":
        argv = [python, "-m", "markdown", "-x", "tables", "-x", "fenced_code", path]
    elif reader == "mkdocs":
        loaded, _ = mkdocs_loaded()
        config = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        with config:
            json.dump({name: options for name, options in loaded}, config)
        argv = [python, "-m", "markdown", "-c", config.name] + [a for name, _ in loaded for a in ("-x", name)] + [path]
    elif reader == "markdown-it":
        # markdown-it-py's own program (`markdown-it`) has the commonmark preset only.
        argv = [python, "-c", "import sys; from markdown_it import MarkdownIt; "
                "sys.stdout.buffer.write(MarkdownIt('gfm-like').render(open(sys.argv[1], encoding='utf-8', "
                "errors='surrogateescape').read()).encode('utf-8', 'surrogateescape'))", path]
    elif reader == "myst":
        program = os.path.join(os.path.dirname(python), "myst-docutils-html5")
        argv = [program if os.path.exists(program) else "myst-docutils-html5", "--no-doc-title",
                "--no-section-subtitle", "--quiet", "--halt=5", "--syntax-highlight=none",
                "--myst-enable-extensions=" + ",".join(MYST_EXTENSIONS), path]
    elif reader in ("goldmark", "goldmark-attributes"):
        argv = [goldmark_build()] + (["-block-attributes"] if reader == "goldmark-attributes" else []) + [path]
    elif reader == "kramdown":
        argv = ["ruby", KRAMDOWN_SERVER, path]
    else:
        raise KeyError(reader)
    try:
        out = subprocess.run(argv, capture_output=True, timeout=120, check=True).stdout
    finally:
        if reader == "mkdocs":
            os.unlink(config.name)
    if reader == "myst":  # a whole page: the body is what <main> holds
        out = out[out.index(b"<main>") + len(b"<main>"):out.rindex(b"</main>")]
    return out


# ---- the visible reading ----------------------------------------------------------------------------

# Elements around which HTML renders no white space: a space before or after one of these tags (at a
# block's start or end, or between blocks) shows nothing. <br> is here too: the spaces before and after
# a line break are removed from the line.
BLOCK_TAGS = frozenset("""
    address article aside blockquote body br caption col colgroup dd details dialog dir div dl dt fieldset
    figcaption figure footer form frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html legend li link
    main menu meta nav noscript ol optgroup option p pre search section summary table tbody td template
    tfoot th thead title tr ul
""".split())
# Elements whose text is kept byte for byte (their white space is shown, or is code).
EXACT_TAGS = frozenset("pre code textarea script style listing xmp plaintext".split())
# Classes whose white space docutils' stylesheet keeps (`white-space: pre-wrap`): its inline literal,
# `<span class="docutils literal">`, is MyST's code span.
EXACT_CLASSES = frozenset(["literal", "pre-wrap"])
VOID_TAGS = frozenset("area base br col embed hr img input link meta source track wbr".split())
SPACE = re.compile(r"[ \t\n\r\f]+")  # HTML's white space; U+00A0 and other spaces are text


def _escape_text(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attributes(attrs):
    out = ""
    for name, value in attrs:
        out += " " + name if value is None else ' %s="%s"' % (name, value.replace("&", "&amp;").replace('"', "&quot;"))
    return out


class _Tokens(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tokens = []  # (kind, tag or None, text, whether the element's text is kept exactly)

    def handle_starttag(self, tag, attrs):
        classes = " ".join(value or "" for name, value in attrs if name == "class").split()
        exact = tag in EXACT_TAGS or any(c in EXACT_CLASSES for c in classes)
        self.tokens.append(("start", tag, "<%s%s>" % (tag, _attributes(attrs)), exact))

    handle_startendtag = handle_starttag  # `<br />` is `<br>`; HTML ignores the slash

    def handle_endtag(self, tag):
        self.tokens.append(("end", tag, "</%s>" % tag, False))

    def handle_data(self, data):
        self.tokens.append(("text", None, data, False))

    def handle_comment(self, data):
        self.tokens.append(("other", None, "<!--%s-->" % data, False))

    def handle_decl(self, decl):
        self.tokens.append(("other", None, "<!%s>" % decl, False))

    def unknown_decl(self, data):
        self.tokens.append(("other", None, "<![%s]>" % data, False))

    def handle_pi(self, data):
        self.tokens.append(("other", None, "<?%s>" % data, False))


def visible(html_bytes):
    """The visible reading of an HTML rendering: equal for two renderings that show the same thing.

    It normalizes exactly this, and nothing else:
    - Entity and character references are decoded (in text and in attribute values), and `&`, `<`, `>`
      in text and `&`, `"` in attribute values are written back as references, so `&#x27;`, `&#39;` and
      `'` read the same. Attribute values are written in double quotes, in their source order; a name
      without a value stays bare. Tag and attribute names are lowercased; `<x />` reads as `<x>`.
    - Outside <pre>, <code>, <textarea>, <script>, <style> (and the old <listing>, <xmp>, <plaintext>), each
      run of HTML white space (space, tab, LF, CR, FF; not U+00A0) is one space, and white space next to
      a block-level tag (BLOCK_TAGS: p, div, li, table, tr, td, th, ..., and br) is dropped, since a
      browser shows none there: at a block's start or end, between blocks, around a line break.
      Inside those elements, and inside any element of class `literal` or `pre-wrap` (docutils' inline
      literal, MyST's code span, which docutils' stylesheet shows with `white-space: pre-wrap`), the text
      is kept byte for byte (after reference decoding).
    - Each block-level tag is followed by a line break (outside the exact elements), so that a difference
      reads as a line of a diff.
    Comments, doctypes and processing instructions are kept as they are. An empty table cell loses its
    attributes (an alignment shows nothing there).
    So a cell's text, the number of cells, alignment (style="text-align:..." or align=...), code spans
    byte for byte, and any text that leaves or enters a table all show.
    """
    parser = _Tokens()
    parser.feed(html_bytes.decode("utf-8", "surrogateescape"))
    parser.close()
    tokens = parser.tokens
    out = []
    open_elements = []  # (tag, whether its text is kept exactly), innermost last
    for i, (kind, tag, text, exact_element) in enumerate(tokens):
        exact = any(flag for _, flag in open_elements)
        if kind == "start":
            out.append(text)
            if tag not in VOID_TAGS:
                open_elements.append((tag, exact_element))
        elif kind == "end":
            out.append(text)
            for depth in range(len(open_elements) - 1, -1, -1):
                if open_elements[depth][0] == tag:
                    del open_elements[depth:]
                    break
        elif kind == "text":
            if exact:
                out.append(_escape_text(text))
                continue
            text = SPACE.sub(" ", text)
            before = tokens[i - 1] if i else None
            after = tokens[i + 1] if i + 1 < len(tokens) else None
            if before is None or (before[0] in ("start", "end") and before[1] in BLOCK_TAGS):
                text = text.lstrip(" ")
            if after is None or (after[0] in ("start", "end") and after[1] in BLOCK_TAGS):
                text = text.rstrip(" ")
            if text:
                out.append(_escape_text(text))
        else:
            out.append(text)
        if kind in ("start", "end") and tag in BLOCK_TAGS and not any(flag for _, flag in open_elements):
            out.append("\n")
    # An empty cell shows nothing, aligned or not: goldmark aligns the cells a row writes, not those it
    # fills in for a short row, which formatting writes out.
    return EMPTY_CELL.sub(r"<\1>\2</\1>", "".join(out))


EMPTY_CELL = re.compile(r"<(td|th)\b[^>]*>(\s*)</\1>")


# ---- timing ----------------------------------------------------------------------------------------

def small_document(random):
    """A small random Markdown document: a heading, paragraphs, and a pipe table or two with code
    spans, escapes, alignment and ragged rows, sometimes in a list or a quote."""
    words = ["apple", "`a | b`", "x\\|y", "**bold**", "3", "12.5", "naïve", "<b>t</b>", "[l](u)", "", "é ü"]
    parts = ["# Title %d" % random.randrange(100)]
    for _ in range(random.randrange(1, 4)):
        columns = random.randrange(1, 5)
        rows = ["| " + " | ".join(random.choice(words) or "h" for _ in range(columns)) + " |",
                "|" + "|".join(random.choice(["---", ":--", "--:", ":-:"]) for _ in range(columns)) + "|"]
        for _ in range(random.randrange(0, 5)):
            cells = random.randrange(max(1, columns - 1), columns + 2)
            rows.append("| " + " | ".join(random.choice(words) for _ in range(cells)) + " |")
        prefix = random.choice(["", "", "", "> ", "  "])
        table = "\n".join(prefix + row for row in rows)
        if prefix == "  ":
            table = "- item\n\n" + table
        parts.append(" ".join(random.choice(words) for _ in range(random.randrange(3, 12))))
        parts.append(table)
    return ("\n\n".join(parts) + "\n").encode()


def bench(count):
    """Milliseconds per small document through each reader's `--serve READER --visible` process."""
    import random as random_module
    import time
    documents = [small_document(random_module.Random(seed)) for seed in range(count)]
    for name, (version, _) in READERS.items():
        try:
            version()
        except Missing as missing:
            print("%s: missing (%s)" % (name, missing))
            continue
        server = Served([sys.executable, os.path.abspath(__file__), "--serve", name, "--visible"])
        server.ask(documents[0])  # the start and the first document are not timed
        start = time.perf_counter()
        for document in documents:
            server.ask(document)
        elapsed = time.perf_counter() - start
        server.process.stdin.close()
        server.process.wait()
        print("%s: %.2f ms per document (%d documents, %d bytes on average)"
              % (name, 1000 * elapsed / count, count, sum(map(len, documents)) // count), flush=True)


# ---- command line -----------------------------------------------------------------------------------

def check():
    for name, (version, _) in READERS.items():
        try:
            print("%s: ok (%s)" % (name, version()), flush=True)
        except Missing as missing:
            print("%s: missing (%s)" % (name, missing), flush=True)
        except Exception as error:  # a reader that is there but broken is missing too, with why
            print("%s: missing (%s: %s)" % (name, type(error).__name__, error), flush=True)


def serve(reader, show_visible):
    import framing
    framing.serve(lambda markdown: to_bytes(visible(render(reader, markdown))) if show_visible else render(reader, markdown))


def main(argv):
    show_visible = "--visible" in argv
    argv = [a for a in argv if a != "--visible"]
    try:
        if argv == ["--check"]:
            check()
        elif len(argv) == 2 and argv[0] == "--bench" and argv[1].isdigit():
            bench(int(argv[1]))
        elif len(argv) == 2 and argv[0] == "--serve" and argv[1] in READERS:
            serve(argv[1], show_visible)
        elif len(argv) == 3 and argv[0] == "--program" and argv[1] in READERS:
            out = program_html(argv[1], argv[2])
            sys.stdout.buffer.write(to_bytes(visible(out)) if show_visible else out)
        elif len(argv) == 2 and argv[0] in READERS:
            with open(argv[1], "rb") as file:
                out = render(argv[0], file.read())
            sys.stdout.buffer.write(to_bytes(visible(out)) if show_visible else out)
        else:
            sys.stderr.write(__doc__.split("\nUsage:\n")[1].split("\n\n")[0] + "\nReaders: %s\n" % ", ".join(READERS))
            return 2
    except Missing as missing:
        sys.stderr.write("markdown_readers.py: %s cannot run here: %s\n" % (argv[1] if argv[0].startswith("--") else argv[0], missing))
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
