#!/usr/bin/env ruby
# frozen_string_literal: true

# kramdown with its GFM parser, configured as Jekyll's defaults (Jekyll's `kramdown:` settings and its
# highlighter, rouge), as a long-running process for the tests: GitHub Pages and most Jekyll sites read
# Markdown this way.
#
# Usage: scripts/kramdown_serve.rb            serve: a line with a byte count, then that many bytes of
#                                              Markdown; each answer (the HTML) is framed the same way
#        scripts/kramdown_serve.rb FILE       print FILE's HTML once
#        scripts/kramdown_serve.rb --version  kramdown's, kramdown-parser-gfm's and rouge's versions
# Needs Debian's ruby-kramdown and ruby-kramdown-parser-gfm (and ruby-rouge, which Jekyll highlights with;
# without it code blocks are left unhighlighted, as Jekyll with `highlighter: none`).
require "kramdown"
require "kramdown-parser-gfm"

begin
  require "rouge"
  HIGHLIGHTER = "rouge"
rescue LoadError
  HIGHLIGHTER = nil
end

# Jekyll's Configuration::DEFAULTS["kramdown"], and the highlighter options its KramdownParser adds.
OPTIONS = {
  input: "GFM",
  auto_ids: true,
  toc_levels: (1..6).to_a,
  entity_output: :as_char,
  smart_quotes: %w[lsquo rsquo ldquo rdquo],
  hard_wrap: false,
  footnote_nr: 1,
  show_warnings: false,
  guess_lang: true,
  syntax_highlighter: HIGHLIGHTER,
  syntax_highlighter_opts: { default_lang: "plaintext", guess_lang: true, css_class: "highlight" },
}.freeze

def render(markdown)
  text = markdown.dup.force_encoding(Encoding::UTF_8)
  text = text.scrub("\uFFFD") unless text.valid_encoding?
  Kramdown::Document.new(text, OPTIONS).to_html.b
end

if ARGV.first == "--version"
  gfm = defined?(Kramdown::Parser::GFM::VERSION) ? Kramdown::Parser::GFM::VERSION : "?"
  rouge = HIGHLIGHTER ? Rouge.version : "none"
  puts "kramdown #{Kramdown::VERSION}, kramdown-parser-gfm #{gfm}, rouge #{rouge}"
  exit 0
end

if ARGV.length == 1
  $stdout.binmode
  $stdout.write(render(File.binread(ARGV.first)))
  exit 0
end

$stdin.binmode
$stdout.binmode
while (header = $stdin.gets)
  count = Integer(header.strip, 10)
  markdown = count.zero? ? +"" : $stdin.read(count)
  abort "kramdown_serve: request ended early" if markdown.nil? || markdown.bytesize != count
  html = render(markdown)
  $stdout.write("#{html.bytesize}\n")
  $stdout.write(html)
  $stdout.flush
end
