-- End-to-end test of the plugin in Neovim, headless: nvim --headless -u NONE -i NONE -n -c 'luafile test_nvim.lua'
-- Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS. Runs on
-- Neovim 0.7 up to the current release.
local plugin = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.rtp:prepend(plugin)
-- A completion plugin's <Tab>, which the table keys must leave working outside tables.
vim.g.completions = 0
vim.cmd([[
function! CompleteTab() abort
  let g:completions += 1
  return "\<Tab>"
endfunction
inoremap <expr> <Tab> CompleteTab()
]])
vim.g.gridls_table_keys = 1
vim.cmd('filetype plugin on')
vim.cmd('runtime! plugin/**/*.vim')
vim.o.hidden = true
local work = os.getenv('GRIDLS_WORK')
local results = {}

local function check(name, got, expected)
  if vim.deep_equal(got, expected) then
    table.insert(results, 'ok ' .. name)
  else
    table.insert(results, 'FAIL ' .. name .. ': got ' .. vim.inspect(got) .. ' expected ' .. vim.inspect(expected))
  end
end

local function lines() return vim.api.nvim_buf_get_lines(0, 0, -1, false) end

local function gridls_client()
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)
  for _, c in pairs(clients) do
    if c.name == 'gridls' then return c end
  end
end

local function attached()
  return vim.wait(10000, function()
    local c = gridls_client()
    return c ~= nil and c.initialized == true
  end, 20)
end

-- The buffer with ‸ at the cursor, recorded by <F2> in insert mode after every key.
local states = {}
function _G.gridls_test_record()
  local shown = lines()
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  shown[row] = shown[row]:sub(1, col) .. '‸' .. shown[row]:sub(col + 1)
  table.insert(states, shown)
end
vim.cmd('inoremap <F2> <Cmd>lua gridls_test_record()<CR>')

local function server_in_sync(name)
  local c = gridls_client()
  local request = vim.fn.has('nvim-0.11') == 1 and function(...) return c:request_sync(...) end or c.request_sync
  local reply = request('gridls/documentState', { textDocument = { uri = vim.uri_from_bufnr(0) }, includeText = true }, 5000, 0)
  check(name .. ': the server has the buffer', reply and reply.result and reply.result.text, table.concat(lines(), '\n') .. '\n')
end

local function feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'xt', false)
end

local ok, err = pcall(function()
  vim.fn.writefile({ '# Notes', '', '|a|b|', '|-|-:|', '|long cell|1|' }, work .. '/save.md')
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/save.md'))
  check('filetype', vim.bo.filetype, 'markdown')
  check('attached', attached(), true)
  vim.cmd('write')
  check('format on save', vim.fn.readfile(work .. '/save.md'),
    { '# Notes', '', '| a         |   b |', '| --------- | --: |', '| long cell |   1 |' })

  vim.fn.writefile({ '| a | b |', '|---|---|', '| 1 | 2 | 3 |', '', '+---+---+', '| a | b |', '+---+   |', '| c     |', '+---+---+' }, work .. '/diag.md')
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/diag.md'))
  vim.wait(10000, function() return #vim.diagnostic.get(0) >= 2 end, 20)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(codes, d.code) end
  table.sort(codes)
  check('diagnostic codes', codes, { 'extra-cells', 'non-rectangular-cell' })

  vim.fn.writefile({ '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |' }, work .. '/edit.md')
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/edit.md'))
  attached()
  local before = lines()
  vim.api.nvim_win_set_cursor(0, { 3, 2 })
  vim.cmd('GridInsertRow')
  check('insert row below', lines(), { '| a   | b   |', '| --- | --- |', '| 1   | 2   |', '|     |     |', '| 3   | 4   |' })
  vim.cmd('undo')
  check('undo insert', lines(), before)
  vim.api.nvim_win_set_cursor(0, { 4, 2 })
  vim.cmd('GridMoveRowUp')
  check('move row up', vim.api.nvim_buf_get_lines(0, 2, 4, false), { '| 3   | 4   |', '| 1   | 2   |' })
  vim.cmd('undo')

  vim.fn.setpos("'<", { 0, 3, 3, 0 })
  vim.fn.setpos("'>", { 0, 4, 3, 0 })
  vim.cmd("'<,'>GridMerge")
  check('merge cells', lines(), { '+---+---+', '| a | b |', '+===+===+', '| 1 | 2 |', '| 3 +---+', '|   | 4 |', '+---+---+' })
  vim.cmd('undo')
  check('undo merge', lines(), before)

  -- A table typed from nothing with the table keys: a header, <Tab> through the cells, <CR> onto new rows.
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/typed.md'))
  attached()
  vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'Notes', '' })
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

  -- Outside tables the keys are untouched: the completion mapping runs, a tab and a line break go in.
  vim.g.completions = 0
  vim.bo.expandtab = false
  feed('1GAx<Tab>y<CR>z<Esc>')
  check('keys outside tables', { vim.fn.getline(1), vim.fn.getline(2), vim.g.completions }, { 'Notesx\ty', 'z', 1 })

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
  states = {}
  _G.gridls_test_record()
  check('insert table', { unpack(states[1], 1, 6) }, { 'Cities', '', '| ‸    |     |     |', '| --- | --- | --- |', '|     |     |     |', '' })
  vim.api.nvim_win_set_cursor(0, { 7, 4 })
  vim.cmd('normal di|')
  check('di|', vim.fn.getline(7), '|            | population |')
  server_in_sync('after the text commands')
end)
if not ok then table.insert(results, 'FAIL exception: ' .. tostring(err)) end
vim.fn.writefile(results, os.getenv('GRIDLS_RESULTS'))
vim.cmd('qa!')
