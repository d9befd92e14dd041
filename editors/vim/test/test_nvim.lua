-- End-to-end test of the plugin in Neovim, headless: nvim --headless -u NONE -i NONE -n -c 'luafile test_nvim.lua'
-- Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS. Runs on
-- Neovim 0.7 up to the current release. Set up as README tells users: only `let g:gridls_table_keys = 1`
-- (0.11 maps <Tab> and <S-Tab> itself, for snippets); a completion plugin's keys come last.
local plugin = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.rtp:prepend(plugin)
vim.g.gridls_table_keys = 1
vim.cmd('runtime! plugin/**/*.vim')
vim.o.hidden = true
local work = os.getenv('GRIDLS_WORK')
local results = {}
local messages = {}
vim.notify = function(message) table.insert(messages, message) end

local function check(name, got, expected)
  if vim.deep_equal(got, expected) then
    table.insert(results, 'ok ' .. name)
  else
    table.insert(results, 'FAIL ' .. name .. ': got ' .. vim.inspect(got) .. ' expected ' .. vim.inspect(expected))
  end
end

local function lines(first, last) return vim.api.nvim_buf_get_lines(0, first or 0, last or -1, false) end

local function gridls_clients()
  local found = {}
  for _, c in pairs(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)) do
    if c.name == 'gridls' then table.insert(found, c) end
  end
  return found
end

local function attached()
  return vim.wait(10000, function()
    local c = gridls_clients()[1]
    return c ~= nil and c.initialized == true
  end, 20)
end

-- Opens a file of `content` and waits for the server's table ranges (the keys read them).
local function open(name, content)
  vim.fn.writefile(content, work .. '/' .. name)
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/' .. name))
  attached()
  vim.wait(10000, function() return vim.b.gridls_table_ranges ~= nil end, 20)
end

-- The buffer with ‸ at the cursor, recorded by <F2> in insert mode after every key.
local states = {}
local function shown()
  local text = lines()
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  text[row] = text[row]:sub(1, col) .. '‸' .. text[row]:sub(col + 1)
  return text
end
function _G.gridls_test_record() table.insert(states, shown()) end
vim.cmd('inoremap <F2> <Cmd>lua gridls_test_record()<CR>')

local function server_in_sync(name)
  local c = gridls_clients()[1]
  local request = vim.fn.has('nvim-0.11') == 1 and function(...) return c:request_sync(...) end or c.request_sync
  local reply = request('gridls/documentState', { textDocument = { uri = vim.uri_from_bufnr(0) }, includeText = true }, 5000, 0)
  check(name .. ': the server has the buffer', reply and reply.result and reply.result.text, table.concat(lines(), '\n') .. '\n')
end

local function feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'xt', false)
end

local ok, err = pcall(function()
  -- Without filetype detection the plugin attaches by the file's extension.
  open('plain.md', { '|a|b|', '|-|-|' })
  check('no filetype detection', { vim.bo.filetype, #gridls_clients() }, { '', 1 })
  vim.cmd('bwipeout!')
  vim.cmd('filetype plugin indent on')

  vim.fn.writefile({ '# Notes', '', '|a|b|', '|-|-:|', '|long cell|1|' }, work .. '/save.md')
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/save.md'))
  check('filetype', vim.bo.filetype, 'markdown')
  check('attached', attached(), true)
  vim.cmd('write')
  check('format on save', vim.fn.readfile(work .. '/save.md'),
    { '# Notes', '', '| a         |   b |', '| --------- | --: |', '| long cell |   1 |' })

  -- Fix on save: text typed into a grid cell pushed its | off the border; the table written is re-laid.
  vim.fn.writefile({ '+-----+---+', '| abc | d |', '+-----+---+' }, work .. '/fix.md')
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/fix.md'))
  feed('2G05|ade<Esc>')
  vim.cmd('write')
  check('fix on save', vim.fn.readfile(work .. '/fix.md'), { '+-------+---+', '| abcde | d |', '+-------+---+' })

  open('diag.md', { '| a | b |', '|---|---|', '| 1 | 2 | 3 |', '', '+---+---+', '| a | b |', '+---+   |', '| c     |', '+---+---+' })
  vim.wait(10000, function() return #vim.diagnostic.get(0) >= 2 end, 20)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(codes, d.code) end
  table.sort(codes)
  check('diagnostic codes', codes, { 'extra-cells', 'non-rectangular-cell' })
  check('table ranges', vim.b.gridls_table_ranges, { { 0, 2 }, { 4, 8 } })

  open('edit.md', { '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |', '| 5   | 6   |' })
  local before = lines()
  vim.api.nvim_win_set_cursor(0, { 3, 2 })
  vim.cmd('GridInsertRow')
  check('insert row below', lines(0, 5), { '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '|     |     |', '| 3   | 4   |' })
  vim.cmd('undo')
  check('undo insert', lines(), before)
  -- The cursor follows the row it moves: twice down takes it down twice.
  vim.api.nvim_win_set_cursor(0, { 3, 2 })
  vim.cmd('GridMoveRowDown')
  vim.cmd('GridMoveRowDown')
  check('move a row down twice', shown(), { '| a   | b   |', '| --- | --- |', '| 3   | 4   |', '| 5   | 6   |', '| ‸1   | 2   |' })
  vim.cmd('undo')
  vim.cmd('undo')
  check('undo the moves', lines(), before)

  vim.fn.setpos("'<", { 0, 3, 3, 0 })
  vim.fn.setpos("'>", { 0, 4, 3, 0 })
  vim.cmd("'<,'>GridMerge")
  check('merge cells', lines(), { '+---+---+', '| a | b |', '+===+===+', '| 1 | 2 |', '| 3 +---+', '|   | 4 |', '+---+---+', '| 5 | 6 |', '+---+---+' })
  vim.cmd('undo')
  check('undo merge', lines(), before)
  -- An action that does not apply is named as the user knows it.
  open('columns.md', { 'Text', '', '| a   | b   | c   |', '| --- | --- | --- |', '| 1   | 2   | 3   |' })
  vim.cmd('1GridMerge')
  check('the message names the action', messages[#messages], 'gridls: Merge cells does not apply here')
  vim.api.nvim_win_set_cursor(0, { 3, 2 })
  vim.cmd('GridMoveColumnRight')
  vim.cmd('GridMoveColumnRight')
  check('move a column right twice', { unpack(shown(), 3) }, { '| b   | c   | ‸a   |', '| --- | --- | --- |', '| 2   | 3   | 1   |' })

  -- A table typed from nothing with the table keys: a header, <Tab> through the cells, <CR> onto new rows.
  open('typed.md', { 'Notes', '' })
  states = {}
  feed('Go| Name | Age<Tab><F2>Ada<Tab><F2>36<CR><F2><S-Tab><F2>Grace<Tab><F2>85<CR><F2><Esc>')
  check('typing: header then Tab opens a row', states[1], { 'Notes', '', '| Name | Age |', '| ---- | --- |', '| ‸     |     |' })
  check('typing: Tab to the next cell', states[2], { 'Notes', '', '| Name | Age |', '| ---- | --- |', '| Ada  | ‸    |' })
  check('typing: Enter opens a row in the same column', states[3],
    { 'Notes', '', '| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '|      | ‸    |' })
  check('typing: Shift-Tab goes back', states[4],
    { 'Notes', '', '| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '| ‸     |     |' })
  check('typing: realigned on the way', states[5],
    { 'Notes', '', '| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | ‸    |' })
  check('typing: the last Enter', states[6],
    { 'Notes', '', '| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | 85  |', '|       | ‸    |' })
  server_in_sync('after typing')
  -- Each key that edits is its own undo step: the last <CR> (a new row), then the 85 typed before it.
  vim.cmd('undo')
  check('undo the last Enter', lines(), { 'Notes', '', '| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | 85    |' })
  vim.cmd('undo')
  check('undo what was typed in the cell', vim.fn.getline(6), '| Grace |     |')

  -- Outside tables the keys are untouched: a tab (Shift-Tab too) and a line break go in.
  vim.bo.expandtab = false
  feed('1GAx<Tab>y<S-Tab>z<CR>w<Esc>')
  check('keys outside tables', lines(0, 2), { 'Notesx\ty\tz', 'w' })

  -- Typing `|` realigns the table as it goes, each realignment its own undo step.
  open('realign.md', { '| Key | Age |', '| --- | --- |', '| Ada | 36  |' })
  states = {}
  feed('3Go|Grace|<F2>7|<F2><Esc>')
  check('typing |: the row tidied, the others widened', states[1], { '| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace |‸' })
  check('typing |: the next cell', states[2], { '| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | 7   |‸' })
  local undone = {}
  for _ = 1, 4 do
    vim.cmd('undo')
    table.insert(undone, lines())
  end
  check('typing |: undo steps', undone, {
    { '| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace |7|' },
    { '| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace |' },
    { '| Key | Age |', '| --- | --- |', '| Ada | 36  |', '|Grace|' },
    { '| Key | Age |', '| --- | --- |', '| Ada | 36  |' } })
  server_in_sync('after realigning')

  -- A reStructuredText simple table, walked with Tab and Shift-Tab (no `|` on its lines).
  open('simple.rst', { 'Title', '=====', '', '=====  =====', 'Name   Age', '=====  =====', 'Ada    36', 'Bob    7', '=====  =====', '' })
  states = {}
  feed('7G0i<Tab><F2>1000<Tab><F2><S-Tab><F2><Esc>')
  check('simple table: Tab realigns and moves', states[1],
    { 'Title', '=====', '', '====  ===', 'Name  Age', '====  ===', 'Ada   ‸36', 'Bob   7', '====  ===', '' })
  check('simple table: Tab to the next row', states[2],
    { 'Title', '=====', '', '====  ======', 'Name  Age', '====  ======', 'Ada   100036', '‸Bob   7', '====  ======', '' })
  check('simple table: Shift-Tab back', states[3][7], 'Ada   ‸100036')

  -- A Quarto document: file type quarto, read by pandoc's reader; Tab in its pipe table realigns and moves.
  open('report.qmd', { '---', 'title: Report', '---', '', '| Key | Age |', '|-|-|', '| Ada | 36 |' })
  local c = gridls_clients()[1]
  local request = vim.fn.has('nvim-0.11') == 1 and function(...) return c:request_sync(...) end or c.request_sync
  local reply = request('gridls/documentState', { textDocument = { uri = vim.uri_from_bufnr(0) } }, 5000, 0)
  check('quarto: file type and reader', { vim.bo.filetype, reply and reply.result and reply.result.reader }, { 'quarto', 'pandoc' })
  states = {}
  feed('7G3|i<Tab><F2><Esc>')
  check('quarto: Tab in a pipe table', states[1], { '---', 'title: Report', '---', '', '| Key | Age |', '| --- | --- |', '| Ada | ‸36  |' })

  -- In a fenced code block a line starting with `|` is code: Tab and Enter type a tab and a line break.
  open('code.md', { 'Code:', '', '```ocaml', 'match o with', '| Some x -> x', '| None -> 0', '```' })
  vim.bo.expandtab = false
  vim.bo.autoindent = false
  feed('5GA<Tab>y<CR>z<Esc>')
  check('code: Tab and Enter', lines(), { 'Code:', '', '```ocaml', 'match o with', '| Some x -> x\ty', 'z', '| None -> 0', '```' })

  -- g:gridls_enter_leaves_table: Enter at the end of the last row is a plain Enter; on other rows it moves.
  vim.g.gridls_enter_leaves_table = 1
  open('leave.md', { '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |' })
  states = {}
  feed('3GA<CR><F2><Esc>4GA<CR>x<Esc>')
  check('Enter leaves the table: a row above the last moves', states[1][4], '| 3   | ‸4   |')
  check('Enter leaves the table: at the last row', lines(), { '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |', 'x' })
  vim.g.gridls_enter_leaves_table = 0

  -- g:gridls_blank_field_on_type: typing where a table key landed replaces the cell's text.
  vim.g.gridls_blank_field_on_type = 1
  open('blank.md', { '| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '', 'Ada' })
  states = {}
  feed('3GA<S-Tab>Bo<F2><Tab>7<F2><Esc>5GAx<Esc>')
  check('blank field on type', { states[1], states[2], vim.fn.getline(5) }, { { '| Name | Age |', '| ---- | --- |', '| Bo‸  | 36  |', '', 'Ada' },
    { '| Name | Age |', '| ---- | --- |', '| Bo   | 7‸  |', '', 'Ada' }, 'Adax' })
  vim.g.gridls_blank_field_on_type = 0

  -- CSV with quoted commas made a table; the table copied back as CSV; an empty table inserted.
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/csv.md'))
  attached()
  vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'Cities', 'name,population', '"Paris, France",2100000', '"New York, ""NY""",8300000', 'End' })
  vim.cmd('2,4GridTableFromLines')
  check('lines to table', lines(), { 'Cities', '', '| name           | population |',
    '| -------------- | ---------- |', '| Paris, France  | 2100000    |', '| New York, "NY" | 8300000    |', '', 'End' })
  vim.api.nvim_win_set_cursor(0, { 5, 2 })
  vim.cmd('GridCopyCSV a')
  check('copy as CSV', vim.fn.getreg('a'), 'name,population\n"Paris, France",2100000\n"New York, ""NY""",8300000\n')
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.cmd('GridInsertTable 2x3')
  check('insert table', { unpack(shown(), 1, 6) }, { 'Cities', '', '| ‸    |     |     |', '| --- | --- | --- |', '|     |     |     |', '' })
  vim.api.nvim_win_set_cursor(0, { 7, 4 })
  vim.cmd('normal di|')
  check('di|', vim.fn.getline(7), '|            | population |')
  server_in_sync('after the text commands')

  -- A completion plugin's keys, mapped before gridls's in each buffer: a Lua callback that feeds the key
  -- itself (as nvim-cmp's fallback does), a <Plug> one whose Lua expression returns key notation, and a
  -- remapped Vim expression whose keys start with the key itself. gridls leaves them working outside
  -- tables and does not call them in a table.
  vim.g.completions = { tab = 0, stab = 0, cr = 0 }
  local function count(key)
    local counts = vim.g.completions
    counts[key] = counts[key] + 1
    vim.g.completions = counts
  end
  vim.keymap.set('i', '<Tab>', function()
    count('tab')
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Tab>', true, false, true), 'ni', false)
  end)
  vim.keymap.set('i', '<Plug>(complete-back)', function() count('stab'); return '<S-Tab>' end, { expr = true })
  vim.keymap.set('i', '<S-Tab>', '<Plug>(complete-back)', { remap = true })
  _G.gridls_test_complete_cr = function() count('cr'); return vim.api.nvim_replace_termcodes('<CR>', true, false, true) end
  vim.cmd('imap <expr> <CR> v:lua.gridls_test_complete_cr()')
  open('completion.md', { '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '', '' })
  vim.bo.expandtab = false
  feed('5Gix<Tab>y<S-Tab>z<CR>w<Esc>')
  check('completion mappings outside tables', { lines(4), vim.g.completions }, { { 'x\ty\tz', 'w' }, { tab = 1, stab = 1, cr = 1 } })
  states = {}
  feed('3GA<S-Tab><F2><Tab><F2><Tab><F2><Esc>')
  check('completion mappings: the keys in a table', { states[1][3], states[2][3], states[3][4], vim.g.completions },
    { '| ‸1   | 2   |', '| 1   | ‸2   |', '| ‸    |     |', { tab = 1, stab = 1, cr = 1 } })

  -- Neovim 0.11: vim.lsp.enable('gridls') without g:gridls_start = 0 runs one server, not two, and says so once.
  if vim.lsp.enable then
    -- As in an init.lua: enabled before the plugin is loaded (its FileType autocommand comes after).
    vim.lsp.enable('gridls')
    vim.g.loaded_gridls = nil
    vim.cmd('runtime plugin/gridls.vim')
    messages = {}
    open('enabled.md', { '| a |', '| - |' })
    open('enabled-too.md', { '| b |', '| - |' })
    -- Clients still starting count too (get_clients leaves them out unless asked).
    local starting = vim.lsp.get_clients({ bufnr = 0, _uninitialized = true })
    check('vim.lsp.enable: one server', { #starting, starting[1].name, vim.b.gridls_table_ranges }, { 1, 'gridls', { { 0, 1 } } })
    check('vim.lsp.enable: said once', messages,
      { "gridls: the server vim.lsp.enable('gridls') starts is used" })
    vim.lsp.enable('gridls', false)
  end
end)
if not ok then table.insert(results, 'FAIL exception: ' .. tostring(err)) end
vim.fn.writefile(results, os.getenv('GRIDLS_RESULTS'))
vim.cmd('qa!')
