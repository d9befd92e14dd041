-- End-to-end test of the plugin in Neovim, headless: nvim --headless -u NONE -i NONE -n -c 'luafile test_nvim.lua'
-- Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS.
local plugin = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.rtp:prepend(plugin)
vim.cmd('filetype plugin on')
vim.cmd('runtime! plugin/**/*.vim')
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

local function attached()
  return vim.wait(10000, function() return #vim.lsp.buf_get_clients(0) > 0 and vim.lsp.buf_get_clients(0)[next(vim.lsp.buf_get_clients(0))].initialized end, 20)
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

  vim.fn.setpos("'<", { 0, 3, 3, 0 })
  vim.fn.setpos("'>", { 0, 4, 3, 0 })
  vim.cmd("'<,'>GridMerge")
  check('merge cells', lines(), { '+---+---+', '| a | b |', '+===+===+', '| 1 | 2 |', '| 3 +---+', '|   | 4 |', '+---+---+' })
  vim.cmd('undo')
  check('undo merge', lines(), before)
end)
if not ok then table.insert(results, 'FAIL exception: ' .. tostring(err)) end
vim.fn.writefile(results, os.getenv('GRIDLS_RESULTS'))
vim.cmd('qa!')
