" Dispatch to the Neovim client (lua/gridls) or the Vim one (autoload/gridls/vim.vim), or to a general
" LSP client that already runs gridls.

function! s:general_client() abort
  if has('nvim')
    return ''
  endif
  if exists('*LspAddServer') || exists('g:loaded_lsp')
    return 'yegappan'
  endif
  if exists('*lsp#register_server')
    return 'vim-lsp'
  endif
  return ''
endfunction

function! gridls#attach(buf) abort
  let l:general = s:general_client()
  if l:general ==# 'yegappan' || l:general ==# 'vim-lsp'
    call gridls#general#register(l:general)
  elseif has('nvim')
    call luaeval('require("gridls").attach(_A)', a:buf)
  else
    call gridls#vim#attach(a:buf)
  endif
endfunction

function! gridls#format() abort
  if has('nvim')
    call luaeval('require("gridls").format()')
  elseif s:general_client() !=# ''
    call gridls#general#format(s:general_client())
  else
    call gridls#vim#format()
  endif
endfunction

" Runs the code action of the server's command `command` (e.g. 'gridls.insertRowBelow') at the cursor.
" Actions are found by their command, never by their title.
function! gridls#action(command) abort
  let l:pos = [line('.'), col('.')]
  call gridls#run(a:command, l:pos, l:pos)
endfunction

function! gridls#merge(line1, line2) abort
  " The selection from one cell to another: the visual marks when the range is the visual one.
  let l:start = getpos("'<")
  let l:end = getpos("'>")
  if l:start[1] != a:line1 || l:end[1] != a:line2
    let l:start = [0, a:line1, 1, 0]
    let l:end = [0, a:line2, max([1, len(getline(a:line2))]), 0]
  endif
  call gridls#run('gridls.mergeCells', [l:start[1], l:start[2]], [l:end[1], min([l:end[2], max([1, len(getline(l:end[1]))])])])
endfunction

function! gridls#run(command, start, end) abort
  if has('nvim')
    call luaeval('require("gridls").run(_A[1], _A[2], _A[3])', [a:command, a:start, a:end])
  elseif s:general_client() !=# ''
    call gridls#general#actions()
  else
    call gridls#vim#run(a:command, a:start, a:end)
  endif
endfunction

function! gridls#menu(line1, line2, range) abort
  if has('nvim')
    lua vim.lsp.buf.code_action()
  elseif s:general_client() !=# ''
    call gridls#general#actions()
  else
    let l:start = a:range > 0 ? [a:line1, col("'<") > 0 ? col("'<") : 1] : [line('.'), col('.')]
    let l:end = a:range > 0 ? [a:line2, col("'>") > 0 ? col("'>") : 1] : l:start
    call gridls#vim#menu(l:start, l:end)
  endif
endfunction

function! gridls#diagnostics() abort
  if has('nvim')
    lua vim.diagnostic.setloclist()
  else
    call gridls#vim#diagnostics()
  endif
endfunction
