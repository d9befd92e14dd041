-- End-to-end test of the plugin in Neovim, headless: nvim --headless -u NONE -i NONE -n -c 'luafile test_nvim.lua'
-- Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS. Runs on
-- Neovim 0.7 up to the current release. Set up as README tells users: only `let g:gridls_table_keys = 1`
-- (0.11 maps <Tab> and <S-Tab> itself, for snippets). The checks Vim shares are in scenario.vim; then
-- what only Neovim has: vim.lsp.enable('gridls') (0.11).
local plugin = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.rtp:prepend(plugin)
vim.g.gridls_table_keys = 1
vim.cmd('runtime! plugin/**/*.vim')
local messages = {}
vim.notify = function(message) table.insert(messages, message) end

local function gridls_clients()
  local found = {}
  for _, c in pairs(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)) do
    if c.name == 'gridls' then table.insert(found, c) end
  end
  return found
end

local function request(method, params)
  local c = gridls_clients()[1]
  if not c then return nil end
  local reply
  if vim.fn.has('nvim-0.11') == 1 then reply = c:request_sync(method, params, 5000, 0) else reply = c.request_sync(method, params, 5000, 0) end
  return reply and reply.result
end

-- What the shared scenario asks of the editor (scenario.vim names them).
_G.gridls_test = {
  server_text = function()
    local state = request('gridls/documentState', { textDocument = { uri = vim.uri_from_bufnr(0) }, includeText = true })
    return state and state.text or ''
  end,
  server_reader = function()
    local state = request('gridls/documentState', { textDocument = { uri = vim.uri_from_bufnr(0) } })
    return state and state.reader or ''
  end,
  diagnostic_codes = function()
    local codes = {}
    for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(codes, d.code) end
    table.sort(codes)
    return codes
  end,
  attached = function()
    local c = gridls_clients()
    return (#c == 1 and c[1].initialized) and 1 or 0
  end,
  last_message = function() return messages[#messages] or '' end,
  -- A completion plugin's keys: a Lua callback that feeds the key itself (as nvim-cmp's fallback does), a
  -- <Plug> one whose Lua expression returns key notation, and a remapped Vim expression whose keys start
  -- with the key itself.
  map_completion = function()
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
  end,
  wait = function(condition)
    return vim.wait(10000, function() return vim.fn.eval(condition) ~= 0 end, 20)
  end,
}
local hooks = {}
for _, name in ipairs({ 'server_text', 'server_reader', 'diagnostic_codes', 'attached', 'last_message', 'map_completion' }) do
  table.insert(hooks, string.format("'%s': {-> v:lua.gridls_test.%s()}", name, name))
end
table.insert(hooks, "'wait': {condition -> v:lua.gridls_test.wait(condition)}")
vim.cmd('let g:gridls_test = {' .. table.concat(hooks, ', ') .. '}')
vim.cmd('source ' .. vim.fn.fnameescape(plugin .. '/test/scenario.vim'))

local function check(name, got, expected) vim.fn.GridlsCheck(name, got, expected) end

local ok, err = pcall(function()
  -- Neovim 0.11: vim.lsp.enable('gridls') without g:gridls_start = 0 runs one server, not two, and says so once.
  if vim.lsp.enable then
    -- As in an init.lua: enabled before the plugin is loaded (its FileType autocommand comes after).
    vim.lsp.enable('gridls')
    vim.g.loaded_gridls = nil
    vim.cmd('runtime plugin/gridls.vim')
    messages = {}
    vim.fn.GridlsOpen('enabled.md', { '| a |', '| - |' })
    vim.fn.GridlsOpen('enabled-too.md', { '| b |', '| - |' })
    -- Clients still starting count too (get_clients leaves them out unless asked).
    local starting = vim.lsp.get_clients({ bufnr = 0, _uninitialized = true })
    check('vim.lsp.enable: one server', { #starting, starting[1].name, vim.b.gridls_table_ranges }, { 1, 'gridls', { { 0, 1 } } })
    check('vim.lsp.enable: said once', messages, { "gridls: the server vim.lsp.enable('gridls') starts is used" })
    vim.lsp.enable('gridls', false)
  end
end)
if not ok then
  local results = vim.g.gridls_results
  table.insert(results, 'FAIL exception: ' .. tostring(err))
  vim.g.gridls_results = results
end
vim.fn.writefile(vim.g.gridls_results, os.getenv('GRIDLS_RESULTS'))
vim.cmd('qa!')
