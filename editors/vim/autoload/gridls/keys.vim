" The table keys (g:gridls_table_keys, :help gridls-keys), for Vim and Neovim: <Tab>, <S-Tab> and <CR>
" ask the server where a table may be and otherwise do what they did before (another plugin's mapping or
" the key itself); a `|` typed realigns the table.

" A step of the table keys (also their normal-mode mappings): true when the server moved the cursor,
" false where it says "not in a table".
function! gridls#keys#navigate(direction) abort
  return gridls#client().navigate(a:direction)
endfunction

" :GridNextCell, :GridPreviousCell, :GridNextRow: a step of the table keys from normal mode (or a
" mapping), which says so where the cursor is not in a table.
function! gridls#keys#step(direction, ...) abort
  if !gridls#keys#navigate(a:direction)
    echohl WarningMsg | echomsg 'gridls: the cursor is not in a table' | echohl None
    return
  endif
  for l:step in range(2, get(a:, 1, 1))
    call gridls#keys#navigate(a:direction)
  endfor
endfunction

let s:keys = {'nextCell': '<Tab>', 'previousCell': '<S-Tab>', 'nextRow': '<CR>'}

" In insert mode: a completion menu keeps the key; the server is asked only on a line of a table it
" reported (gridls/tableRanges) or on a line holding a `|` (a table being begun, or the header of a
" look-alike being widened).
function! gridls#keys#press(direction) abort
  if pumvisible() || !s:may_be_table(line('.')) || s:leaves_table(a:direction) || !gridls#keys#navigate(a:direction)
    call s:fallback(a:direction)
  elseif get(g:, 'gridls_blank_field_on_type', 0)
    let b:gridls_landed = [b:changedtick, line('.'), col('.')]
  endif
endfunction

" g:gridls_blank_field_on_type (Org's habit): the first character typed where a table key landed
" replaces the cell's text on that line, up to the `|` after it (in a simple table, up to two spaces).
function! s:blank_on_type() abort
  let l:landed = get(b:, 'gridls_landed', [])
  unlet! b:gridls_landed
  if l:landed != [b:changedtick, line('.'), col('.')]
    return
  endif
  let l:rest = strpart(getline('.'), col('.') - 1)
  let l:pattern = l:rest =~# '\%(^\|[^\\]\)|' ? '^\%(\\.\|[^|]\)\{-}\ze\s*|' : '^.\{-}\ze\%(\s\s\|\s*$\)'
  let l:count = strchars(matchstr(l:rest, l:pattern), 1)
  if l:count > 0
    " Deleted after the character goes in: text cannot change while it is being typed.
    call feedkeys(repeat("\<Del>", l:count), 'ni')
  endif
endfunction

function! s:may_be_table(lnum) abort
  return !empty(s:table_at(a:lnum)) || getline(a:lnum) =~# '|'
endfunction

" The tables the server last reported for a buffer: [first, last] line pairs, 0-based, in order.
function! gridls#keys#set_ranges(buf, ranges) abort
  call setbufvar(a:buf, 'gridls_table_ranges', a:ranges)
  call gridls#client().tables_changed(a:buf)
endfunction

" The reported table holding line `lnum` (1-based) of the current buffer, or [].
function! s:table_at(lnum) abort
  let l:ranges = get(b:, 'gridls_table_ranges', [])
  let [l:low, l:high] = [0, len(l:ranges)]
  while l:low < l:high
    let l:middle = (l:low + l:high) / 2
    if l:ranges[l:middle][1] < a:lnum - 1
      let l:low = l:middle + 1
    else
      let l:high = l:middle
    endif
  endwhile
  return l:low < len(l:ranges) && l:ranges[l:low][0] <= a:lnum - 1 ? l:ranges[l:low] : []
endfunction

" g:gridls_enter_leaves_table: <CR> at the end of a table's last row (below it only the bottom border of
" a grid or simple table, if any) is a plain <CR>.
function! s:leaves_table(direction) abort
  if a:direction !=# 'nextRow' || !get(g:, 'gridls_enter_leaves_table', 0) || col('.') <= len(getline('.'))
    return 0
  endif
  let l:table = s:table_at(line('.'))
  if empty(l:table)
    return 0
  endif
  for l:lnum in range(line('.') + 1, l:table[1] + 1)
    if getline(l:lnum) !~# '^\s*[-=+][-=+ ]*$'
      return 0
    endif
  endfor
  return 1
endfunction

" What the key did before gridls mapped it (autoload/gridls/fallback.vim, lua/gridls/fallback.lua:
" Neovim's mappings may be Lua callbacks).
function! s:fallback(direction) abort
  call gridls#client().fallback(a:direction, s:keys[a:direction])
endfunction

" g:gridls_table_keys: <Tab>, <S-Tab> and <CR> in insert mode, for this buffer, over what they did (a
" global mapping, or one a file type plugin made for the buffer); `|` realigns the table as it is typed.
function! gridls#keys#map(buf) abort
  if getbufvar(a:buf, 'gridls_keys_mapped', 0) || a:buf != bufnr('')
    return
  endif
  call gridls#client().save_keys(a:buf, s:keys)
  let b:gridls_keys_mapped = 1
  imap <buffer> <Tab> <Plug>(gridls-next-cell)
  imap <buffer> <S-Tab> <Plug>(gridls-previous-cell)
  imap <buffer> <CR> <Plug>(gridls-next-row)
  imap <buffer> <Bar> <Plug>(gridls-realign)
  augroup gridls_keys
    autocmd! * <buffer>
    autocmd InsertCharPre <buffer> call s:blank_on_type()
    autocmd InsertLeave <buffer> unlet! b:gridls_landed
  augroup END
endfunction

" After a `|` typed in insert mode: the table realigned (textDocument/onTypeFormatting), one undo step of
" its own, the cursor staying after the `|`. A `|` in prose (no table reported there, no other `|` on the
" line) asks nothing.
function! gridls#keys#realign() abort
  let l:line = getline('.')
  let l:before = strpart(l:line, 0, col('.') - 2) . strpart(l:line, col('.') - 1)
  if empty(s:table_at(line('.'))) && l:before !~# '|'
    return
  endif
  call gridls#client().realign()
endfunction
