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

" Cell text objects, from the server's selection ranges (textDocument/selectionRange: in a pipe or grid
" table the cell's text when the cursor is on it, the cell with its padding, with its borders, then the
" row and the table; protocol/README.md). Always on the cursor's line, characterwise: i| the text (the
" padded cell on a blank cell or in the padding), a| the padded cell and, in a pipe table, the `|` after
" it. A grid table's borders are never taken: deleting one, or changing a cell over several lines as a
" block, would break the table. A count takes that many cells to the right. The mappings are <expr>
" ones: where there is no such cell the keys are <Esc>, which cancels the operator (visual mode stays).
function! gridls#cell_object_keys(around, visual) abort
  if empty(s:cell_object(a:around, v:count1))
    return a:visual ? '' : "\<Esc>"
  endif
  " Found again by the command, so that `.` takes the cell where it is repeated.
  return printf(":\<C-U>call gridls#select_cells(%d, %d)\<CR>", a:around, v:count1)
endfunction

" Selects the cells characterwise; an error where there are none (`.` repeated off a table), which
" cancels the operator.
function! gridls#select_cells(around, count) abort
  let l:range = s:cell_object(a:around, a:count)
  if empty(l:range)
    echoerr 'gridls: no table cell here'
    return
  endif
  call cursor(l:range[0])
  normal! v
  call cursor(l:range[1])
endfunction

" The range i| or a| selects, with `count` cells; [] where there is none (off a table, on a rule, past
" the row's last cell).
function! s:cell_object(around, count) abort
  let l:line = line('.')
  let l:first = s:cell_part(l:line, col('.'))
  let l:beside = empty(l:first) && getline('.')[col('.') - 1] ==# '|'
  if l:beside
    " On a row's leading `|` (or a grid table's left border): the cell to its right, else to its left.
    let l:first = s:cell_part(l:line, col('.') + 1)
    if empty(l:first) && col('.') > 1
      let l:first = s:cell_part(l:line, col('.') - 1)
    endif
  endif
  let l:cells = [l:first]
  while !empty(l:cells[-1]) && len(l:cells) < a:count
    call add(l:cells, s:cell_part(l:line, l:cells[-1].next))
  endwhile
  if empty(l:cells[-1])
    return []
  endif
  let [l:first, l:last] = [l:cells[0], l:cells[-1]]
  if a:around
    let l:range = [l:first.padded[0], l:last.padded[1] + l:last.border]
  else
    " The first cell's text only when the cursor is on it (as the server's ranges say) or on the border
    " before it; the last one's when it has text.
    let l:on_text = !empty(l:first.text) && (l:beside || l:first.text[0] <= col('.') && col('.') <= l:first.text[1])
    let l:start = l:on_text ? l:first.text[0] : l:first.padded[0]
    if a:count == 1
      let l:range = [l:start, l:on_text ? l:first.text[1] : l:first.padded[1]]
    else
      let l:range = [l:start, empty(l:last.text) ? l:last.padded[1] : l:last.text[1]]
    endif
  endif
  if l:range[1] < l:range[0]
    return []
  endif
  return [[l:line, l:range[0]], [l:line, l:range[1]]]
endfunction

" The cell at byte `column` of `line`, on that line only: {padded: [first, last], text: [first, last] or
" [] when blank, border: 1 when a `|` of a pipe row follows, next: the column after its right border};
" {} where there is no cell. Columns are bytes, inclusive.
function! s:cell_part(line, column) abort
  let l:cursor = getcurpos()
  call cursor(a:line, a:column)
  let l:ranges = s:client.selection_ranges()
  call setpos('.', l:cursor)
  if len(l:ranges) < 4 || col([a:line, '$']) <= a:column
    return {}
  endif
  let [l:padded, l:bordered] = [l:ranges[-4], l:ranges[-3]]
  if l:padded[0][0] == l:padded[1][0]
    let l:first = l:padded[0][1]
    let l:last = l:padded[1][1] - 1
  elseif l:padded[0][0] <= a:line && a:line <= l:padded[1][0]
    " A grid cell over several lines: the same screen columns on this line (between its borders).
    let l:left = virtcol([l:padded[0][0], l:padded[0][1] - 1]) + 1
    let l:right = virtcol([l:padded[1][0], l:padded[1][1]])
    let l:first = s:byte_column(a:line, l:left)
    let l:last = s:byte_column(a:line, l:right) - 1
  else
    return {}
  endif
  let l:grid = l:bordered[0][0] != l:bordered[1][0]
  let l:border = !l:grid && l:bordered[1][1] > l:padded[1][1] ? 1 : 0
  let l:part = strpart(getline(a:line), l:first - 1, l:last - l:first + 1)
  let l:start = match(l:part, '[^ \t]')
  let l:text = l:start < 0 ? [] : [l:first + l:start, l:first + match(l:part, '[ \t]*$') - 1]
  return {'padded': [l:first, l:last], 'text': l:text, 'border': l:border, 'next': l:last + 2}
endfunction

" The byte column of the character at screen column `screen` of `line` (or just past the line's end).
function! s:byte_column(line, screen) abort
  let l:text = getline(a:line)
  let l:column = 1
  while l:column <= len(l:text) && virtcol([a:line, l:column]) < a:screen
    let l:column += len(matchstr(l:text, '.', l:column - 1))
  endwhile
  return l:column
endfunction
