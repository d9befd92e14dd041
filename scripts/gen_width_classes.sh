#!/bin/sh
# Writes Sources/TextTables/Width/WidthClassTable.swift: each code point's ScalarWidthClass, derived from
# DisplayWidth.width(of:) and Swift's grapheme breaking by the test that also checks the table. Run it after
# changing the width rule or the Swift toolchain, then review the diff.
set -e
cd "$(dirname "$0")/.."
GRIDLS_UPDATE_WIDTH_TABLE=1 swift test --filter WidthClassTableTests
