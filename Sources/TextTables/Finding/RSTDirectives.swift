/// What a reStructuredText directive's indented body holds, as far as finding tables goes. A directive
/// whose body is ordinary reStructuredText (`contentDirectives`: admonitions, containers, `table`, Sphinx's
/// `only` and version notes, sphinx-design's tabs and cards, domain and autodoc descriptions...) has its
/// tables found like any others. Every other directive's body is left alone, options and all: the known
/// verbatim ones (`verbatimDirectives`: code, doctest blocks, math, raw output, diagrams, CSV data...)
/// show or compare it as written, and an unknown one is read by an extension gridls cannot see (docutils
/// itself reads none of an unknown directive's body).
enum RSTDirectives {
    /// Directives whose body is parsed as reStructuredText (names as docutils matches them, in lower case).
    static let contentDirectives: Set<String> = [
        // docutils
        "admonition", "attention", "caution", "danger", "error", "hint", "important", "note", "tip", "warning",
        "topic", "sidebar", "container", "compound", "class", "epigraph", "highlights", "pull-quote", "table",
        "figure", "header", "footer",
        // Sphinx
        "only", "ifconfig", "versionadded", "versionchanged", "deprecated", "versionremoved", "seealso", "hlist",
        "todo",
        // Sphinx domains and autodoc: an object's description
        "function", "method", "classmethod", "staticmethod", "attribute", "property", "data", "exception",
        "module", "decorator", "decoratormethod", "describe", "object", "envvar", "option", "directive", "role",
        "directive:option", "macro", "struct", "union", "enum", "enumerator", "type", "member", "var", "concept",
        "autoclass", "autofunction", "automethod", "automodule", "autoattribute", "autodata", "autoexception",
        "autoproperty", "autodecorator",
        // sphinx-design, sphinx-tabs, sphinx-book-theme, sphinx-togglebutton
        "tab-set", "tab-item", "tab-set-code", "dropdown", "card", "grid", "grid-item", "grid-item-card", "div",
        "tabs", "tab", "group-tab", "margin", "toggle",
    ]

    /// Sphinx domains whose object directives (`py:function`, `c:macro`, `rst:directive`...), named as
    /// `contentDirectives` names them, describe an object in reStructuredText.
    static let contentDomains: Set<String> = ["py", "c", "cpp", "js", "rst", "std"]

    /// Directives known to show or compare their body as written (or to take none but options). They are
    /// left alone as unknown directives are; the list says which ones were weighed.
    static let verbatimDirectives: Set<String> = [
        // docutils
        "code", "code-block", "sourcecode", "parsed-literal", "math", "raw", "csv-table", "line-block", "meta",
        "include", "image",
        // Sphinx
        "literalinclude", "highlight", "productionlist", "toctree", "glossary", "index", "tabularcolumns",
        "doctest", "testcode", "testoutput", "testsetup", "testcleanup", "graphviz", "graph", "digraph",
        "inheritance-diagram",
        // IPython, Jupyter, diagrams, tabs of code
        "ipython", "ipython3", "jupyter-execute", "jupyter-input", "jupyter-output", "jupyter-kernel", "code-cell",
        "mermaid", "plantuml", "uml", "code-tab", "prompt",
    ]

    /// Whether the body of directive `name` (as written before `::`, spaces dropped) holds ordinary
    /// reStructuredText whose tables gridls reads; `added` are the names a project's `rstContentDirectives`
    /// setting adds (in lower case, matched as written: `py:foo` names that one only).
    static func holdsContent(_ name: String, added: Set<String> = []) -> Bool {
        let name = name.lowercased()
        if contentDirectives.contains(name) || added.contains(name) { return true }
        guard let colon = name.firstIndex(of: ":") else { return false }
        return contentDomains.contains(String(name[..<colon])) && contentDirectives.contains(String(name[name.index(after: colon)...]))
    }
}
