#!/usr/bin/env python3
"""cmark-gfm as a long-running process for the tests: Debian's libcmark-gfm (the library the
`cmark-gfm` program is built on) through ctypes, rendering as `cmark-gfm -e table -e tasklist --unsafe`
does, without a process start per document.

Usage: scripts/cmark_serve.py
Reads requests from stdin: a line with a byte count, then that many bytes of Markdown; answers each with
a line holding the HTML's byte count, then the HTML.
"""
import ctypes, ctypes.util, sys

def load(name, fallback):
    path = ctypes.util.find_library(name) or fallback
    return ctypes.CDLL(path)

core = load("cmark-gfm", "libcmark-gfm.so.0.29.0.gfm.6")
extensions = load("cmark-gfm-extensions", "libcmark-gfm-extensions.so.0.29.0.gfm.6")
OPT_UNSAFE = 1 << 17

core.cmark_parser_new.restype = ctypes.c_void_p
core.cmark_parser_new.argtypes = [ctypes.c_int]
core.cmark_find_syntax_extension.restype = ctypes.c_void_p
core.cmark_find_syntax_extension.argtypes = [ctypes.c_char_p]
core.cmark_parser_attach_syntax_extension.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
core.cmark_parser_feed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
core.cmark_parser_finish.restype = ctypes.c_void_p
core.cmark_parser_finish.argtypes = [ctypes.c_void_p]
core.cmark_parser_get_syntax_extensions.restype = ctypes.c_void_p
core.cmark_parser_get_syntax_extensions.argtypes = [ctypes.c_void_p]
core.cmark_render_html.restype = ctypes.c_void_p
core.cmark_render_html.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
core.cmark_node_free.argtypes = [ctypes.c_void_p]
core.cmark_parser_free.argtypes = [ctypes.c_void_p]
libc = ctypes.CDLL(None)
libc.free.argtypes = [ctypes.c_void_p]

extensions.cmark_gfm_core_extensions_ensure_registered()

def render(markdown):
    parser = core.cmark_parser_new(OPT_UNSAFE)
    for name in (b"table", b"tasklist"):
        core.cmark_parser_attach_syntax_extension(parser, core.cmark_find_syntax_extension(name))
    core.cmark_parser_feed(parser, markdown, len(markdown))
    document = core.cmark_parser_finish(parser)
    html = core.cmark_render_html(document, OPT_UNSAFE, core.cmark_parser_get_syntax_extensions(parser))
    out = ctypes.string_at(html)
    libc.free(html)
    core.cmark_node_free(document)
    core.cmark_parser_free(parser)
    return out

def main():
    import framing
    framing.serve(render)

if __name__ == "__main__":
    main()
