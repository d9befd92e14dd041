" What Vim and Neovim share: commands, the table keys and their fallback; the LSP work is the Neovim
" client's (lua/gridls) or the Vim one's (autoload/gridls/vim.vim, gridls's own channel in Vim, also
" beside yegappan/lsp or vim-lsp).

function! gridls#attach(buf) abort
  if has('nvim')
    call luaeval('require("gridls").attach(_A)', a:buf)
  else
    call gridls#vim#Attach(a:buf)
  endif
  if get(g:, 'gridls_table_keys', 0)
    call gridls#keys#map(a:buf)
  endif
endfunction

function! gridls#format() abort
  if has('nvim')
    call luaeval('require("gridls").format()')
  else
    call gridls#vim#Format()
  endif
endfunction

" Runs the code action of the server's command `command` (e.g. 'gridls.insertRowBelow') at the cursor.
" Actions are found by their command, never by their title.
function! gridls#action(command) abort
  let l:pos = [line('.'), col('.')]
  call gridls#run(a:command, l:pos, l:pos)
endfunction

" The selection of a range command: the visual marks when the range is the visual one, else whole lines.
function! s:selection(line1, line2) abort
  let l:start = getpos("'<")
  let l:end = getpos("'>")
  if l:start[1] != a:line1 || l:end[1] != a:line2
    return [[a:line1, 1], [a:line2, max([1, len(getline(a:line2))])]]
  endif
  return [[l:start[1], l:start[2]], [l:end[1], min([l:end[2], max([1, len(getline(l:end[1]))])])]]
endfunction

function! gridls#merge(line1, line2) abort
  let [l:start, l:end] = s:selection(a:line1, a:line2)
  call gridls#run('gridls.mergeCells', l:start, l:end)
endfunction

function! gridls#run(command, start, end) abort
  if has('nvim')
    call luaeval('require("gridls").run(_A[1], _A[2], _A[3])', [a:command, a:start, a:end])
  else
    call gridls#vim#Run(a:command, a:start, a:end)
  endif
endfunction

function! gridls#menu(line1, line2, range) abort
  if has('nvim')
    lua vim.lsp.buf.code_action()
  else
    let l:start = a:range > 0 ? [a:line1, col("'<") > 0 ? col("'<") : 1] : [line('.'), col('.')]
    let l:end = a:range > 0 ? [a:line2, col("'>") > 0 ? col("'>") : 1] : l:start
    call gridls#vim#Menu(l:start, l:end)
  endif
endfunction

function! gridls#diagnostics() abort
  if has('nvim')
    lua vim.diagnostic.setloclist()
  else
    call gridls#vim#Diagnostics()
  endif
endfunction

" A command with a result: {uri} and the range are added to `extra`; the result or v:null.
function! s:execute(command, start, end, extra) abort
  if has('nvim')
    return luaeval('require("gridls").execute(_A[1], _A[2], _A[3], _A[4])', [a:command, a:start, a:end, a:extra])
  endif
  return gridls#vim#ExecuteAt(a:command, a:start, a:end, a:extra)
endfunction

" :GridTableFromLines: the range's lines (CSV, TSV or columns apart by spaces) made a table.
function! gridls#lines_to_table(line1, line2) abort
  call gridls#run('gridls.linesToTable', [a:line1, 1], [a:line2, max([1, len(getline(a:line2)) + 1])])
endfunction

" :GridCopyCSV [x]: the table at the cursor as CSV in register x (default: the unnamed one and, where
" there is a clipboard, +).
function! gridls#copy_csv(register) abort
  let l:result = s:execute('gridls.copyTableAsCSV', [line('.'), col('.')], [line('.'), col('.')], {})
  if type(l:result) != v:t_dict || !has_key(l:result, 'csv')
    return
  endif
  let l:register = empty(a:register) ? '"' : a:register
  call setreg(l:register, l:result.csv, 'l')
  if empty(a:register) && has('clipboard')
    silent! call setreg('+', l:result.csv, 'l')
  endif
  echomsg 'gridls: copied ' . len(split(l:result.csv, "\n")) . ' rows as CSV'
endfunction

" :GridInsertTable 3x4: an empty table of 3 rows (the header among them) and 4 columns at the cursor.
function! gridls#insert_table(size) abort
  let l:match = matchlist(a:size, '^\s*\(\d\+\)\s*[xX×*]\s*\(\d\+\)\s*$')
  if empty(l:match)
    echohl ErrorMsg | echomsg 'gridls: give the size as ROWSxCOLUMNS, e.g. :GridInsertTable 3x4' | echohl None
    return
  endif
  let l:size = {'rows': str2nr(l:match[1]), 'columns': str2nr(l:match[2])}
  let l:result = s:execute('gridls.insertTable', [line('.'), col('.')], [line('.'), col('.')], l:size)
  if type(l:result) == v:t_dict && get(l:result, 'applied', v:false) && has_key(l:result, 'position')
    call cursor(l:result.position.line + 1, l:result.position.character + 1)
  endif
endfunction

" An action as the user knows it, by its title (protocol/README.md), for messages.
let s:titles = {
      \ 'gridls.formatTable': 'Format table', 'gridls.insertRowAbove': 'Insert row above',
      \ 'gridls.insertRowBelow': 'Insert row below', 'gridls.insertColumnLeft': 'Insert column left',
      \ 'gridls.insertColumnRight': 'Insert column right', 'gridls.deleteRow': 'Delete row',
      \ 'gridls.deleteColumn': 'Delete column', 'gridls.moveRowUp': 'Move row up', 'gridls.moveRowDown': 'Move row down',
      \ 'gridls.moveColumnLeft': 'Move column left', 'gridls.moveColumnRight': 'Move column right',
      \ 'gridls.sortAscending': 'Sort by this column (ascending)', 'gridls.sortDescending': 'Sort by this column (descending)',
      \ 'gridls.mergeCells': 'Merge cells', 'gridls.splitCell': 'Split cell', 'gridls.convertToGrid': 'Convert to grid table',
      \ 'gridls.convertToPipe': 'Convert to pipe table', 'gridls.convertToSimple': 'Convert to simple table',
      \ 'gridls.convertToMultiline': 'Convert to multiline table',
      \ 'gridls.convertToList': 'Convert to list-table', 'gridls.fitTable': 'Fit table', 'gridls.unwrapCell': 'Unwrap cell',
      \ 'gridls.linesToTable': 'Convert lines to table', 'gridls.copyTableAsCSV': 'Copy table as CSV',
      \ 'gridls.insertTable': 'Insert table'}

function! gridls#title(command) abort
  return get(s:titles, a:command, 'This table action')
endfunction

" Cell text objects: i| the cell's text, a| with the `|` after it (pipe tables, and a grid table's cell
" on the cursor's line).
function! gridls#cell_object(around) abort
  let l:line = getline('.')
  let l:col = col('.') - 1
  let l:bars = []
  let l:i = 0
  while l:i < len(l:line)
    if l:line[l:i] ==# '\'
      let l:i += 2
      continue
    endif
    if l:line[l:i] ==# '|' || (l:line[l:i] ==# '+' && l:line =~# '^\s*+[-=+]')
      call add(l:bars, l:i)
    endif
    let l:i += 1
  endwhile
  let l:left = -1
  let l:right = -1
  for l:bar in l:bars
    if l:bar < l:col || (l:bar == l:col && l:bar == l:bars[0])
      let l:left = l:bar
    elseif l:right < 0 && l:bar > l:left
      let l:right = l:bar
    endif
  endfor
  if l:left < 0 || l:right < 0
    return
  endif
  let l:start = l:left + 1
  let l:end = l:right - 1
  if !a:around
    while l:start < l:end && l:line[l:start] ==# ' '
      let l:start += 1
    endwhile
    while l:end > l:start && l:line[l:end] ==# ' '
      let l:end -= 1
    endwhile
  else
    let l:end = l:right
  endif
  call cursor(line('.'), l:start + 1)
  normal! v
  call cursor(line('.'), l:end + 1)
endfunction
