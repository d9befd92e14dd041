" gridls: tables in Markdown and reStructuredText, through the gridls language server.
" Vim 9 uses its own LSP channel (or a general LSP client if one is installed); Neovim its built-in client.
if exists('g:loaded_gridls')
  finish
endif
let g:loaded_gridls = 1

" Options (see :help gridls-options).
let g:gridls_command = get(g:, 'gridls_command', ['gridls'])
let g:gridls_format_on_save = get(g:, 'gridls_format_on_save', 1)
let g:gridls_filetypes = get(g:, 'gridls_filetypes', ['markdown', 'rst'])
let g:gridls_settings = get(g:, 'gridls_settings', {})

command! -bar GridFormat call gridls#format()
command! -bar -range GridActions call gridls#menu(<line1>, <line2>, <range>)
command! -bar -bang GridInsertRow call gridls#action(<bang>0 ? 'gridls.insertRowAbove' : 'gridls.insertRowBelow')
command! -bar -bang GridInsertColumn call gridls#action(<bang>0 ? 'gridls.insertColumnLeft' : 'gridls.insertColumnRight')
command! -bar GridDeleteRow call gridls#action('gridls.deleteRow')
command! -bar GridDeleteColumn call gridls#action('gridls.deleteColumn')
command! -bar -range GridMerge call gridls#merge(<line1>, <line2>)
command! -bar GridSplit call gridls#action('gridls.splitCell')
command! -bar GridDiagnostics call gridls#diagnostics()

nnoremap <silent> <Plug>(gridls-format) :<C-U>GridFormat<CR>
nnoremap <silent> <Plug>(gridls-actions) :<C-U>GridActions<CR>
xnoremap <silent> <Plug>(gridls-actions) :GridActions<CR>
nnoremap <silent> <Plug>(gridls-insert-row-below) :<C-U>GridInsertRow<CR>
nnoremap <silent> <Plug>(gridls-insert-row-above) :<C-U>GridInsertRow!<CR>
nnoremap <silent> <Plug>(gridls-insert-column-right) :<C-U>GridInsertColumn<CR>
nnoremap <silent> <Plug>(gridls-insert-column-left) :<C-U>GridInsertColumn!<CR>
nnoremap <silent> <Plug>(gridls-delete-row) :<C-U>GridDeleteRow<CR>
nnoremap <silent> <Plug>(gridls-delete-column) :<C-U>GridDeleteColumn<CR>
xnoremap <silent> <Plug>(gridls-merge) :GridMerge<CR>
nnoremap <silent> <Plug>(gridls-split) :<C-U>GridSplit<CR>

augroup gridls
  autocmd!
  autocmd FileType * if index(g:gridls_filetypes, &filetype) >= 0 | call gridls#attach(bufnr('')) | endif
augroup END
