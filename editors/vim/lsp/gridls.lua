-- gridls for vim.lsp.config / vim.lsp.enable (Neovim 0.11+): with this plugin on 'runtimepath',
--   vim.lsp.enable('gridls')
-- starts gridls in Markdown (Quarto and R Markdown too) and reStructuredText buffers. The plugin's commands and table keys use the
-- client named 'gridls', whichever way it was started.
return {
  cmd = { 'gridls' },
  -- Neovim names .qmd files quarto and .Rmd files rmd; the filetype goes to the server as the
  -- languageId, which picks pandoc's reader for them (the `reader` setting may pick another).
  filetypes = { 'markdown', 'quarto', 'rmd', 'rmarkdown', 'rst' },
  root_markers = { '.gridls.json', '.git' },
  init_options = vim.g.gridls_settings or {},
  -- The table ranges the table keys read (added to Neovim's own capabilities).
  capabilities = { experimental = { gridls = { tableRanges = true } } },
  handlers = require('gridls').handlers,
  -- Every change goes out at once: a table key's request must see what was just typed.
  flags = { debounce_text_changes = 0 },
}
