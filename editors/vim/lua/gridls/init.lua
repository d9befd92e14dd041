-- The Neovim client: gridls through the built-in vim.lsp, on Neovim 0.7 and later.
local M = {}

local function command()
  local cmd = vim.g.gridls_command or { 'gridls' }
  if type(cmd) == 'string' then cmd = { cmd } end
  return cmd
end

local function client()
  for _, c in pairs(vim.lsp.get_active_clients()) do
    if c.name == 'gridls' then return c end
  end
  return nil
end

local function encoding(c)
  return (c and c.offset_encoding) or 'utf-16'
end

function M.attach(bufnr)
  if vim.b[bufnr].gridls_attached then return end
  if vim.fn.executable(command()[1]) ~= 1 then
    vim.notify('gridls: "' .. command()[1] .. '" was not found; install gridls or set g:gridls_command', vim.log.levels.ERROR)
    return
  end
  local config = {
    name = 'gridls',
    cmd = command(),
    root_dir = vim.fn.getcwd(),
    init_options = vim.g.gridls_settings or {},
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
  else
    local existing = client()
    local id = existing and existing.id or vim.lsp.start_client(config)
    if id then vim.lsp.buf_attach_client(bufnr, id) end
  end
  vim.b[bufnr].gridls_attached = true
  local group = vim.api.nvim_create_augroup('gridls_buffer_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('BufWritePre', {
    group = group,
    buffer = bufnr,
    callback = function()
      if vim.g.gridls_format_on_save ~= 0 then M.format(bufnr) end
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

-- Runs the code action of the server's command `command` (e.g. 'gridls.insertRowBelow'), found by its
-- command, never its title, for the selection from `start` to `finish`
-- ({line, column}, 1-based, columns in bytes), applying its edit as one undo step.
function M.run(command, start, finish)
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client()
  if not c then
    vim.notify('gridls is not running for this buffer', vim.log.levels.WARN)
    return
  end
  local function position(p)
    local line = vim.api.nvim_buf_get_lines(bufnr, p[1] - 1, p[1], false)[1] or ''
    local byte = math.min(p[2] - 1, #line)
    local character = byte
    if encoding(c) == 'utf-16' then
      character = vim.str_utfindex(line, byte)
    end
    return { line = p[1] - 1, character = character }
  end
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = { start = position(start), ['end'] = position(finish) },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 5000) or {}
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      local name = (action.data and action.data.command) or (action.command and action.command.command)
      if name == command then
        if action.disabled then
          vim.notify('gridls: ' .. action.title .. ': ' .. action.disabled.reason, vim.log.levels.WARN)
          return
        end
        if not action.edit and action.data then
          -- Clients that declare resolveSupport (Neovim does) get the edit on resolve.
          local resolved = c.request_sync('codeAction/resolve', action, 5000, bufnr)
          action = (resolved and resolved.result) or action
        end
        if action.edit then
          vim.lsp.util.apply_workspace_edit(action.edit, encoding(c))
        elseif action.command then
          -- Offered as a command (clients without resolveSupport): the server applies it through
          -- workspace/applyEdit, which Neovim's client carries out.
          c.request('workspace/executeCommand', action.command, nil, bufnr)
        end
        return
      end
    end
  end
  vim.notify('gridls: ' .. command .. ' does not apply here', vim.log.levels.WARN)
end

return M
