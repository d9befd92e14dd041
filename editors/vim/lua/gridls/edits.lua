-- Text edits applied with the cursor carried through them, for the realignment of a table as `|` is
-- typed (the Vim client's Apply and Carried in autoload/gridls/vim.vim do the same).
local M = {}

local function split(text)
  return vim.split(text, '\n', { plain = true })
end

-- Where offset `at` goes when `old`, from `from` on, becomes `new`: unmoved before it, shifted past it,
-- and inside it (its end included: a realigned row is one edit, and the cursor after a `|` typed at its
-- end) after as many `|` on its line of the new text as there were before it on its line of the old one
-- (one more when the line gained its leading `|`).
function M.carried(at, from, old, new)
  if at <= from then return at end
  if at > from + #old then return at + #new - #old end
  local old_lines, new_lines = split(old:sub(1, at - from)), split(new)
  local row = math.min(#old_lines, #new_lines)
  local before, line = old_lines[#old_lines], new_lines[row]
  local row_start = #table.concat({ unpack(new_lines, 1, row) }, '\n') - #line
  local bars = select(2, before:gsub('|', ''))
  if bars == 0 then return from + row_start + math.min(#before, #line) end
  if not split(old)[#old_lines]:find('^%s*|') and line:find('^%s*|') then bars = bars + 1 end
  local column = 0
  for _ = 1, bars do
    local bar = line:find('|', column + 1, true)
    if not bar then break end
    column = bar
  end
  return from + row_start + column
end

-- Applies `edits` (LSP text edits in encoding `enc`) to the buffer as one undo step and returns where
-- the window's cursor is carried, as nvim_win_set_cursor takes it. `byte_column(bufnr, position, enc)`
-- places an LSP position's character in its line.
function M.apply(bufnr, edits, enc, byte_column)
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local count = vim.api.nvim_buf_line_count(bufnr)
  local first, final = math.huge, 0
  for _, e in ipairs(edits) do
    first, final = math.min(first, e.range.start.line), math.max(final, e.range['end'].line)
  end
  final = math.min(final, count - 1)
  local lines = vim.api.nvim_buf_get_lines(bufnr, first, final + 1, false)
  local text, starts = table.concat(lines, '\n'), { 0 }
  for i = 1, #lines - 1 do starts[i + 1] = starts[i] + #lines[i] + 1 end
  local function offset(line, byte)
    if line > final then return #text end
    return starts[line - first + 1] + math.min(byte, #lines[line - first + 1])
  end
  local placed = {}
  for _, e in ipairs(edits) do
    local new = e.range['end'].line > final and e.newText:gsub('\n$', '') or e.newText
    table.insert(placed, { offset(e.range.start.line, byte_column(bufnr, e.range.start, enc)),
      offset(e.range['end'].line, byte_column(bufnr, e.range['end'], enc)), new })
  end
  table.sort(placed, function(a, b) return a[1] > b[1] end)
  local inside = row - 1 >= first and row - 1 <= final
  local at = inside and offset(row - 1, col) or -1
  for _, p in ipairs(placed) do
    if inside then at = M.carried(at, p[1], text:sub(p[1] + 1, p[2]), p[3]) end
    text = text:sub(1, p[1]) .. p[3] .. text:sub(p[2] + 1)
  end
  vim.lsp.util.apply_text_edits(edits, bufnr, enc)
  if not inside then
    return { row - 1 > final and row + vim.api.nvim_buf_line_count(bufnr) - count or row, col }
  end
  local above = split(text:sub(1, at))
  return { first + #above, #above[#above] }
end

return M
