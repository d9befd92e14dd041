" What Vim and Neovim share: commands, the table keys and their fallback. The LSP work is the client's,
" chosen once, here, when this script loads: Neovim's built-in one (lua/gridls) or, in Vim 9, gridls's
" own channel (autoload/gridls/vim.vim, also beside yegappan/lsp or vim-lsp). Neither holds table logic:
" the server says where cells are, what an action does and where the cursor goes.

" Each entry takes the same arguments in both editors; positions are [line, column] (1-based, bytes).
if has('nvim')
  let s:client = {
        \ 'attach': {buf -> luaeval('require("gridls").attach(_A)', buf)},
        \ 'format': {-> luaeval('require("gridls").format()')},
        \ 'run': {command, start, end -> luaeval('require("gridls").run(_A[1], _A[2], _A[3])', [command, start, end])},
        \ 'menu': {start, end -> luaeval('vim.lsp.buf.code_action()')},
        \ 'diagnostics': {-> luaeval('vim.diagnostic.setloclist()')},
        \ 'execute': {command, start, end, extra -> luaeval('require("gridls").execute(_A[1], _A[2], _A[3], _A[4])', [command, start, end, extra])},
        \ 'selection_ranges': {-> luaeval('require("gridls").selection_ranges()')},
        \ 'navigate': {direction -> luaeval('require("gridls").navigate(_A)', direction)},
        \ 'realign': {-> luaeval('require("gridls").realign()')},
        \ 'tables_changed': {buf -> 0},
        \ 'save_keys': {buf, keys -> luaeval('require("gridls").save_keys(_A[1], _A[2])', [buf, keys])},
        \ 'fallback': {direction, key -> luaeval('require("gridls").fallback(_A[1], _A[2])', [direction, key])}}
else
  let s:client = {
        \ 'attach': function('gridls#vim#Attach'),
        \ 'format': function('gridls#vim#Format'),
        \ 'run': function('gridls#vim#Run'),
        \ 'menu': function('gridls#vim#Menu'),
        \ 'diagnostics': function('gridls#vim#Diagnostics'),
        \ 'execute': function('gridls#vim#ExecuteAt'),
        \ 'selection_ranges': function('gridls#vim#SelectionRanges'),
        \ 'navigate': function('gridls#vim#Navigate'),
        \ 'realign': function('gridls#vim#Realign'),
        \ 'tables_changed': function('gridls#vim#KeepSignColumn'),
        \ 'save_keys': function('gridls#fallback#save'),
        \ 'fallback': function('gridls#fallback#run')}
endif

" The client chosen above, for the table keys (autoload/gridls/keys.vim).
function! gridls#client() abort
  return s:client
endfunction

function! gridls#attach(buf) abort
  call s:client.attach(a:buf)
  if get(g:, 'gridls_table_keys', 0)
    call gridls#keys#map(a:buf)
  endif
endfunction

function! gridls#format() abort
  call s:client.format()
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
  call s:client.run(a:command, a:start, a:end)
endfunction

function! gridls#menu(line1, line2, range) abort
  let l:start = a:range > 0 ? [a:line1, col("'<") > 0 ? col("'<") : 1] : [line('.'), col('.')]
  let l:end = a:range > 0 ? [a:line2, col("'>") > 0 ? col("'>") : 1] : l:start
  call s:client.menu(l:start, l:end)
endfunction

function! gridls#diagnostics() abort
  call s:client.diagnostics()
endfunction

" A command with a result: {uri} and the range are added to `extra`; the result or v:null.
function! s:execute(command, start, end, extra) abort
  return s:client.execute(a:command, a:start, a:end, a:extra)
endfunction

" :GridTableize (and its older name :GridTableFromLines): the range's lines (CSV, TSV or columns apart
" by spaces) made a table.
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
      \ 'gridls.convertToList': 'Convert to list-table', 'gridls.fitTable': 'Fit table to the width limit', 'gridls.unwrapCell': 'Unwrap cell',
      \ 'gridls.linesToTable': 'Convert lines to table', 'gridls.copyTableAsCSV': 'Copy table as CSV',
      \ 'gridls.insertTable': 'Insert table'}

function! gridls#title(command) abort
  return get(s:titles, a:command, 'This table action')
endfunction

" Cell text objects, from the server's selection ranges at the cursor (textDocument/selectionRange:
" in a pipe or grid table the cell's text, when the cursor is on it, the cell with its padding, with its
" borders, then the row and the table, protocol/README.md): i| the text (the padded cell on a blank cell
" or in the padding), a| the padded cell with the border after it. A cell over several lines (a grid
" table's) is selected as a block. Elsewhere nothing is selected.
function! gridls#cell_object(around) abort
  let l:ranges = s:client.selection_ranges()
  if len(l:ranges) < 4
    return
  endif
  let [l:padded, l:bordered] = [l:ranges[-4], l:ranges[-3]]
  let [l:start, l:end] = a:around ? [l:padded[0], s:border_after(l:padded[1], l:bordered[1])]
        \ : (len(l:ranges) >= 5 ? l:ranges[-5] : l:padded)
  if l:end[0] == l:start[0] && l:end[1] <= l:start[1]
    return
  endif
  call cursor(l:start)
  execute 'normal!' (l:end[0] == l:start[0] ? 'v' : "\<C-V>")
  " The range's end is after its last character.
  call cursor(l:end[0], l:end[1] - 1)
endfunction

" The end of the padded cell's range taken one character further, over its border: the bordered
" range's end on the same line (a pipe row may have no `|` there), else the `|` after the last line.
function! s:border_after(padded, bordered) abort
  return a:bordered[0] == a:padded[0] ? a:bordered : [a:padded[0], a:padded[1] + 1]
endfunction
