" gridls: tables in Markdown and reStructuredText, through the gridls language server.
" Vim 9 uses its own LSP channel for gridls (also beside yegappan/lsp or vim-lsp); Neovim its built-in client.
if exists('g:loaded_gridls')
  finish
endif
let g:loaded_gridls = 1

" Options (see :help gridls-options).
let g:gridls_command = get(g:, 'gridls_command', ['gridls'])
let g:gridls_format_on_save = get(g:, 'gridls_format_on_save', 1)
" On save, also apply the fixes that have one reading only (the server's source.fixAll.gridls action).
let g:gridls_fix_on_save = get(g:, 'gridls_fix_on_save', 1)
" Quarto (.qmd) and R Markdown (.Rmd) are quarto and rmd to Vim and Neovim, rmarkdown to vim-rmarkdown.
let g:gridls_filetypes = get(g:, 'gridls_filetypes', ['markdown', 'quarto', 'rmd', 'rmarkdown', 'rst'])
let g:gridls_settings = get(g:, 'gridls_settings', {})
let g:gridls_table_keys = get(g:, 'gridls_table_keys', 0)
let g:gridls_enter_leaves_table = get(g:, 'gridls_enter_leaves_table', 0)
let g:gridls_blank_field_on_type = get(g:, 'gridls_blank_field_on_type', 0)
let g:gridls_signcolumn = get(g:, 'gridls_signcolumn', 'yes')

" One Ex command per server action (found by its gridls.* command, never by its title).
command! -bar GridFormat call gridls#format()
command! -bar GridFormatTable call gridls#action('gridls.formatTable')
command! -bar -range GridActions call gridls#menu(<line1>, <line2>, <range>)
command! -bar -bang GridInsertRow call gridls#action(<bang>0 ? 'gridls.insertRowAbove' : 'gridls.insertRowBelow')
command! -bar -bang GridInsertColumn call gridls#action(<bang>0 ? 'gridls.insertColumnLeft' : 'gridls.insertColumnRight')
command! -bar GridDeleteRow call gridls#action('gridls.deleteRow')
command! -bar GridDeleteColumn call gridls#action('gridls.deleteColumn')
command! -bar GridMoveRowUp call gridls#action('gridls.moveRowUp')
command! -bar GridMoveRowDown call gridls#action('gridls.moveRowDown')
command! -bar GridMoveColumnLeft call gridls#action('gridls.moveColumnLeft')
command! -bar GridMoveColumnRight call gridls#action('gridls.moveColumnRight')
command! -bar -bang GridSort call gridls#action(<bang>0 ? 'gridls.sortDescending' : 'gridls.sortAscending')
command! -bar -range GridMerge call gridls#merge(<line1>, <line2>)
command! -bar GridSplit call gridls#action('gridls.splitCell')
command! -bar GridConvertToGrid call gridls#action('gridls.convertToGrid')
command! -bar GridConvertToPipe call gridls#action('gridls.convertToPipe')
command! -bar -range GridTableize call gridls#lines_to_table(<line1>, <line2>)
" The older name of :GridTableize, kept.
command! -bar -range GridTableFromLines call gridls#lines_to_table(<line1>, <line2>)
command! -bar -register GridCopyCSV call gridls#copy_csv(<q-reg>)
command! -bar -nargs=1 GridInsertTable call gridls#insert_table(<q-args>)
command! -bar GridDiagnostics call gridls#diagnostics()
" The table keys' steps, from normal mode: the cursor goes where <Tab>, <S-Tab> and <CR> take it.
" A count is that many steps: `:3GridNextCell`, or `3:GridNextCell` (Vim makes it the range `.,.+2`).
command! -bar -count=1 GridNextCell call gridls#keys#step('nextCell', <range> == 2 ? <line2> - <line1> + 1 : <count>)
command! -bar -count=1 GridPreviousCell call gridls#keys#step('previousCell', <range> == 2 ? <line2> - <line1> + 1 : <count>)
command! -bar -count=1 GridNextRow call gridls#keys#step('nextRow', <range> == 2 ? <line2> - <line1> + 1 : <count>)

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
xnoremap <silent> <Plug>(gridls-tableize) :GridTableize<CR>
xnoremap <silent> <Plug>(gridls-table-from-lines) :GridTableize<CR>

" The table keys, in insert and normal mode: next cell, previous cell, next row (see :help gridls-keys).
inoremap <silent> <Plug>(gridls-next-cell) <Cmd>call gridls#keys#press('nextCell')<CR>
inoremap <silent> <Plug>(gridls-previous-cell) <Cmd>call gridls#keys#press('previousCell')<CR>
inoremap <silent> <Plug>(gridls-next-row) <Cmd>call gridls#keys#press('nextRow')<CR>
inoremap <silent> <Plug>(gridls-realign) <Bar><Cmd>call gridls#keys#realign()<CR>
nnoremap <silent> <Plug>(gridls-next-cell) <Cmd>execute v:count1 . 'GridNextCell'<CR>
nnoremap <silent> <Plug>(gridls-previous-cell) <Cmd>execute v:count1 . 'GridPreviousCell'<CR>
nnoremap <silent> <Plug>(gridls-next-row) <Cmd>execute v:count1 . 'GridNextRow'<CR>

" Cell text objects (the server's selection ranges).
onoremap <silent> <expr> i<Bar> gridls#cell_object_keys(0, 0)
xnoremap <silent> <expr> i<Bar> gridls#cell_object_keys(0, 1)
onoremap <silent> <expr> a<Bar> gridls#cell_object_keys(1, 0)
xnoremap <silent> <expr> a<Bar> gridls#cell_object_keys(1, 1)

" Attached by file type; without filetype detection (a vimrc lacking `filetype plugin indent on`), by the
" file's extension.
let s:extensions = {'markdown': ['md', 'markdown', 'mkd', 'mkdn', 'mdwn', 'mdown'], 'quarto': ['qmd'],
      \ 'rmd': ['rmd'], 'rmarkdown': ['rmd'], 'rst': ['rst', 'rest']}

function! s:by_extension() abort
  if exists('g:did_load_filetypes') || !empty(&filetype) || !empty(&buftype)
    return
  endif
  let l:extension = tolower(expand('<afile>:e'))
  for l:type in g:gridls_filetypes
    if index(get(s:extensions, l:type, []), l:extension) >= 0
      return gridls#attach(bufnr(''))
    endif
  endfor
endfunction

augroup gridls
  autocmd!
  autocmd FileType * if index(g:gridls_filetypes, &filetype) >= 0 | call gridls#attach(bufnr('')) | endif
  autocmd BufRead,BufNewFile * call s:by_extension()
augroup END
