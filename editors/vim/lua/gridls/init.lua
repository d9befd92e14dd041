-- The Neovim client: gridls through the built-in vim.lsp, on Neovim 0.7 and later.
local M = {}

local function command()
  local cmd = vim.g.gridls_command or { 'gridls' }
  if type(cmd) == 'string' then cmd = { cmd } end
  return cmd
end

-- The gridls client of a buffer (any buffer when none is given): vim.lsp.get_clients where it exists (0.10+).
local function client(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = 'gridls', bufnr = bufnr })[1]
  end
  for _, c in pairs(vim.lsp.get_active_clients()) do
    if c.name == 'gridls' and (not bufnr or vim.lsp.buf_is_attached(bufnr, c.id)) then return c end
  end
  return nil
end

local function encoding(c)
  return (c and c.offset_encoding) or 'utf-16'
end

-- A synchronous request: client:request_sync from 0.11 (methods), client.request_sync before.
local function request_sync(c, method, params, bufnr)
  local response
  if vim.fn.has('nvim-0.11') == 1 then
    response = c:request_sync(method, params, 5000, bufnr)
  else
    response = c.request_sync(method, params, 5000, bufnr)
  end
  if not response then return nil end
  if response.err then
    vim.notify('gridls: ' .. (response.err.message or vim.inspect(response.err)), vim.log.levels.WARN)
    return nil
  end
  return response.result
end

-- The byte column of an LSP position's character in its line.
local function byte_column(bufnr, position, enc)
  local line = vim.api.nvim_buf_get_lines(bufnr, position.line, position.line + 1, false)[1] or ''
  if enc == 'utf-8' then return math.min(position.character, #line) end
  local ok, byte
  if vim.fn.has('nvim-0.11') == 1 then
    ok, byte = pcall(vim.str_byteindex, line, enc, position.character, false)
  else
    ok, byte = pcall(vim.str_byteindex, line, position.character, enc == 'utf-16')
  end
  return ok and byte or #line
end

-- The range from `start` to `finish` ({line, column}, 1-based, columns in bytes) in the client's encoding.
local function range(bufnr, c, start, finish)
  if vim.lsp.util.make_given_range_params then
    local params = vim.lsp.util.make_given_range_params({ start[1], start[2] - 1 }, { finish[1], finish[2] - 1 }, bufnr, encoding(c))
    return params.range
  end
  local function position(p)
    local line = vim.api.nvim_buf_get_lines(bufnr, p[1] - 1, p[1], false)[1] or ''
    local byte = math.min(p[2] - 1, #line)
    return { line = p[1] - 1, character = encoding(c) == 'utf-16' and vim.str_utfindex(line, byte) or byte }
  end
  return { start = position(start), ['end'] = position(finish) }
end

-- What the client declares beyond Neovim's defaults, and how it takes gridls's own notification: the
-- table ranges, which the table keys read (autoload/gridls/keys.vim). lsp/gridls.lua uses them too.
function M.capabilities()
  return vim.tbl_deep_extend('force', vim.lsp.protocol.make_client_capabilities(),
    { experimental = { gridls = { tableRanges = true } } })
end

M.handlers = {
  ['gridls/tableRanges'] = function(_, params, ctx)
    for _, bufnr in ipairs(vim.lsp.get_buffers_by_client_id(ctx.client_id)) do
      if vim.api.nvim_buf_is_valid(bufnr) and vim.uri_from_bufnr(bufnr) == params.textDocument.uri then
        vim.fn['gridls#keys#set_ranges'](bufnr, params.ranges)
      end
    end
  end,
}

-- How gridls was started already for the buffer, when it was not by this plugin: by vim.lsp.enable
-- (Neovim 0.11) or by another client such as nvim-lspconfig's. Starting a second one would show every
-- diagnostic twice.
local function started_elsewhere(bufnr)
  local enabled = vim.lsp.is_enabled and vim.lsp.is_enabled('gridls') or (vim.lsp._enabled_configs or {}).gridls
  if enabled then return "vim.lsp.enable('gridls')" end
  if client(bufnr) then return 'another plugin' end
  return nil
end

local told = false

function M.attach(bufnr)
  if vim.b[bufnr].gridls_attached then return end
  local elsewhere = vim.g.gridls_start ~= 0 and started_elsewhere(bufnr)
  if elsewhere and not told then
    told = true
    -- One short line: a longer one would stop Neovim's start-up at a "Press ENTER" prompt.
    vim.notify('gridls: the server ' .. elsewhere .. ' starts is used', vim.log.levels.INFO)
  end
  if vim.g.gridls_start == 0 or elsewhere then
    -- Started elsewhere (vim.lsp.enable('gridls'), nvim-lspconfig): only format on save is set up here.
    vim.b[bufnr].gridls_attached = true
    M.format_on_save(bufnr)
    return
  end
  if vim.fn.executable(command()[1]) ~= 1 then
    vim.notify('gridls: "' .. command()[1] .. '" was not found; install gridls or set g:gridls_command', vim.log.levels.ERROR)
    return
  end
  local config = {
    name = 'gridls',
    cmd = command(),
    root_dir = vim.fn.getcwd(),
    init_options = vim.g.gridls_settings or {},
    capabilities = M.capabilities(),
    handlers = M.handlers,
    -- Every change goes out at once: a table key's request must see what was just typed (requests do not
    -- wait for debounced changes), and gridls re-reads only the table a change touches.
    flags = { debounce_text_changes = 0 },
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
  else
    local existing = client(nil)
    local id = existing and existing.id or vim.lsp.start_client(config)
    if id then vim.lsp.buf_attach_client(bufnr, id) end
  end
  vim.b[bufnr].gridls_attached = true
  M.format_on_save(bufnr)
end

function M.format_on_save(bufnr)
  local group = vim.api.nvim_create_augroup('gridls_buffer_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('BufWritePre', {
    group = group,
    buffer = bufnr,
    callback = function()
      if vim.g.gridls_format_on_save == 0 then return end
      if vim.g.gridls_fix_on_save == 0 or not M.fix_all(bufnr) then M.format(bufnr) end
    end,
  })
end

-- Formats the buffer synchronously with gridls only.
function M.format(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = bufnr, timeout_ms = 5000, name = 'gridls' })
  else
    vim.lsp.buf.formatting_sync(nil, 5000)
  end
end

-- Applies the server's source.fixAll.gridls action (the fixes with one reading only, then formatting)
-- synchronously; true when the server answered (with nothing to change or with the edit).
function M.fix_all(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local c = client(bufnr)
  if not c then return false end
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { 'source.fixAll.gridls' } },
  }
  local actions = request_sync(c, 'textDocument/codeAction', params, bufnr)
  if type(actions) ~= 'table' then return false end
  for _, action in ipairs(actions) do
    if action.kind == 'source.fixAll.gridls' and action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, encoding(c))
    end
  end
  return true
end

-- The cursor where the server says it goes after an action (with the row or column moved, in the cell
-- made), if it says.
local function follow(bufnr, c, position)
  if type(position) == 'table' then
    vim.api.nvim_win_set_cursor(0, { position.line + 1, byte_column(bufnr, position, encoding(c)) })
  end
end

-- Runs the code action of the server's command `command` (e.g. 'gridls.insertRowBelow'), found by its
-- command, never its title, for the selection from `start` to `finish`
-- ({line, column}, 1-based, columns in bytes), applying its edit as one undo step.
function M.run(command, start, finish)
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client(bufnr)
  if not c then
    vim.notify('gridls is not running for this buffer', vim.log.levels.WARN)
    return
  end
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = range(bufnr, c, start, finish),
    context = { diagnostics = {} },
  }
  for _, action in ipairs(request_sync(c, 'textDocument/codeAction', params, bufnr) or {}) do
    local name = (action.data and action.data.command) or (action.command and action.command.command)
    if name == command then
      if action.disabled then
        vim.notify('gridls: ' .. action.title .. ': ' .. action.disabled.reason, vim.log.levels.WARN)
        return
      end
      if not action.edit and action.data then
        -- Clients that declare resolveSupport (Neovim does) get the edit on resolve.
        action = request_sync(c, 'codeAction/resolve', action, bufnr) or action
      end
      if action.edit then
        vim.lsp.util.apply_workspace_edit(action.edit, encoding(c))
        follow(bufnr, c, action.data and action.data.position)
      elseif action.command then
        -- Offered as a command (clients without resolveSupport): the server applies it through
        -- workspace/applyEdit, which Neovim's client carries out.
        local result = request_sync(c, 'workspace/executeCommand', action.command, bufnr)
        follow(bufnr, c, type(result) == 'table' and result.position)
      end
      return
    end
  end
  vim.notify('gridls: ' .. vim.fn['gridls#title'](command) .. ' does not apply here', vim.log.levels.WARN)
end

-- A command with a result (copy as CSV, insert table): its argument is {uri, range} and `extra`.
function M.execute(command, start, finish, extra)
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client(bufnr)
  if not c then return vim.NIL end
  local argument = { uri = vim.uri_from_bufnr(bufnr), range = range(bufnr, c, start, finish) }
  for key, value in pairs(extra or {}) do
    if type(key) == 'string' then argument[key] = value end  -- not the type marker of a dict from Vim
  end
  local result = request_sync(c, 'workspace/executeCommand', { command = command, arguments = { argument } }, bufnr)
  if result and result.position then
    -- The editor's cursor goes in bytes: the server counts in the negotiated encoding.
    result.position.character = byte_column(bufnr, result.position, encoding(c))
  end
  return result or vim.NIL
end

-- The selection ranges at the cursor (textDocument/selectionRange), narrowest first, each as
-- {{line, column}, {line, column}} (1-based, columns in bytes, the end after the range): for the cell
-- text objects (autoload/gridls.vim).
function M.selection_ranges()
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client(bufnr)
  if not c then return {} end
  local enc = encoding(c)
  local at = vim.lsp.util.make_position_params(0, enc)
  local result = request_sync(c, 'textDocument/selectionRange', { textDocument = at.textDocument, positions = { at.position } }, bufnr)
  local ranges, level = {}, type(result) == 'table' and result[1] or nil
  while type(level) == 'table' and level.range do
    local r = level.range
    table.insert(ranges, { { r.start.line + 1, byte_column(bufnr, r.start, enc) + 1 },
      { r['end'].line + 1, byte_column(bufnr, r['end'], enc) + 1 } })
    level = level.parent
  end
  return ranges
end

-- Ends the undo step so far: what was typed before a table key, or the key's own edits.
local function break_undo()
  vim.cmd('let &undolevels = &undolevels')
end

-- After a table key's edits: they are one undo step, and what is typed next starts its own (Neovim 0.7
-- keeps it in the key's otherwise).
local function end_undo_step()
  break_undo()
  if vim.api.nvim_get_mode().mode == 'i' then
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<C-g>u', true, false, true), 'ni', false)
  end
end

-- The table keys: true when the server moved the cursor (its edits applied as their own undo step),
-- false where the key keeps its usual meaning.
function M.navigate(direction)
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client(bufnr)
  if not c then return false end
  local params = vim.lsp.util.make_position_params(0, encoding(c))
  params.direction = direction
  local result = request_sync(c, 'gridls/navigateCell', params, bufnr)
  if type(result) ~= 'table' then return false end
  if #result.edits > 0 then
    break_undo()
    vim.lsp.util.apply_text_edits(result.edits, bufnr, encoding(c))
  end
  local line = result.position.line
  vim.api.nvim_win_set_cursor(0, { line + 1, byte_column(bufnr, result.position, encoding(c)) })
  end_undo_step()
  return true
end

-- A `|` typed in insert mode: the table realigned (textDocument/onTypeFormatting) as an undo step of its
-- own (the `|` stays with what was typed before it), the cursor right after that `|`.
function M.realign()
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client(bufnr)
  if not c then return end
  local params = vim.lsp.util.make_position_params(0, encoding(c))
  params.ch = '|'
  params.options = { tabSize = vim.bo[bufnr].tabstop, insertSpaces = vim.bo[bufnr].expandtab }
  local edits = request_sync(c, 'textDocument/onTypeFormatting', params, bufnr)
  if type(edits) ~= 'table' or #edits == 0 then return end
  break_undo()
  vim.api.nvim_win_set_cursor(0, require('gridls.edits').apply(bufnr, edits, encoding(c), byte_column))
  end_undo_step()
end

-- The table keys' fallback: the mappings they shadow (lua/gridls/fallback.lua).
function M.save_keys(bufnr, keys) require('gridls.fallback').save(bufnr, keys) end
function M.fallback(direction, key) require('gridls.fallback').run(direction, key) end

return M
