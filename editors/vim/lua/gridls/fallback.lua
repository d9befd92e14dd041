-- What a table key does where the server says "not in a table": what it did before gridls mapped it in
-- the buffer. Kept in Lua, since Neovim's mappings may be Lua callbacks.
local M = {}

-- The mappings the table keys shadow, per buffer: direction → maparg()'s dict, with its Lua callback as
-- a function (0.7's maparg() gives only a reference to it; the API gives the function).
local shadowed = {}

local function termcodes(keys)
  return vim.api.nvim_replace_termcodes(keys, true, true, true)
end

function M.save(bufnr, keys)
  local saved = {}
  for direction, key in pairs(keys) do
    local map = vim.fn.maparg(key, 'i', false, true)
    if next(map) and not (map.rhs or ''):find('(gridls-', 1, true) then
      if map.callback and type(map.callback) ~= 'function' then
        local maps = map.buffer == 1 and vim.api.nvim_buf_get_keymap(bufnr, 'i') or vim.api.nvim_get_keymap('i')
        for _, m in ipairs(maps) do
          if termcodes(m.lhs) == termcodes(key) then map.callback = m.callback end
        end
      end
      saved[direction] = map
    end
  end
  shadowed[bufnr] = saved
  vim.api.nvim_create_autocmd('BufWipeout', { buffer = bufnr, once = true, callback = function() shadowed[bufnr] = nil end })
end

-- Feeds a mapping's keys; remapped, their start is not the key itself again (as Vim does for a mapping
-- whose {rhs} starts with its {lhs}), which would come back here.
local function feed(keys, remap, lhs)
  if remap and keys:sub(1, #lhs) == lhs then
    vim.api.nvim_feedkeys(keys:sub(#lhs + 1), 'mi', false)
    vim.api.nvim_feedkeys(lhs, 'ni', false)
  else
    vim.api.nvim_feedkeys(keys, remap and 'mi' or 'ni', false)
  end
end

-- What the key `key` did before gridls mapped it: its mapping (a Lua callback, expr or not, with its
-- keycodes replaced or not; a Vim expression; keys, <Plug> or <SID> ones among them), or the key itself.
function M.run(direction, key)
  local map = (shadowed[vim.api.nvim_get_current_buf()] or {})[direction]
  local lhs = termcodes(key)
  if not map then return feed(lhs, false, lhs) end
  local keys
  if map.callback then
    local out = map.callback()
    if map.expr ~= 1 then return end
    keys = map.replace_keycodes == 1 and termcodes(out or '') or (out or '')
  else
    local rhs = (map.rhs or ''):gsub('<[Ss][Ii][Dd]>', '<SNR>' .. map.sid .. '_')
    keys = map.expr == 1 and vim.api.nvim_eval(rhs) or termcodes(rhs)
  end
  feed(keys, map.noremap ~= 1, lhs)
end

return M
