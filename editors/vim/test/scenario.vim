" The checks Vim and Neovim share, in legacy Vim script both run: sourced by test_vim.vim and
" test_nvim.lua once they have set the editor up as README tells users (`let g:gridls_table_keys = 1`, the
" plugin on 'runtimepath', no filetype detection yet). Each check adds one `ok`/`FAIL` line to
" g:gridls_results. Typing is done as a person does: feedkeys() of real keys, with the keys mapped as
" README tells users.
"
" What differs between the editors the test script gives in g:gridls_test, functions of no arguments:
"   server_text      the server's copy of the current buffer (gridls/documentState)
"   server_reader    the reader the server reads it by
"   diagnostic_codes the codes of the current buffer's diagnostics, sorted
"   attached         1 when one gridls client serves the current buffer
"   last_message     the last message a command gave the user (Neovim's client tells through vim.notify)
"   map_completion   maps <Tab>, <S-Tab> and <CR> as a completion plugin does, counting in g:completions
"   wait             wait(condition): waits up to ten seconds for the expression to be true; its value

let g:gridls_results = []
set nomore hidden backspace=indent,eol,start
let s:work = $GRIDLS_WORK
let s:test = g:gridls_test

function! GridlsCheck(name, got, expected) abort
  if type(a:got) == type(a:expected) && a:got ==# a:expected
    call add(g:gridls_results, 'ok ' . a:name)
  else
    call add(g:gridls_results, 'FAIL ' . a:name . ': got ' . string(a:got) . ' expected ' . string(a:expected))
  endif
endfunction

" Opens a file of `lines` and waits for the server's table ranges (the keys read them).
function! GridlsOpen(name, lines) abort
  call writefile(a:lines, s:work . '/' . a:name)
  execute 'edit ' . fnameescape(s:work . '/' . a:name)
  call s:test.wait('has_key(b:, "gridls_table_ranges")')
endfunction

" The buffer with ‸ at the cursor, recorded by <F2> in insert mode after every key.
let g:gridls_states = []
function! GridlsShown() abort
  let l:lines = getline(1, '$')
  let l:lines[line('.') - 1] = strpart(l:lines[line('.') - 1], 0, col('.') - 1) . '‸' . strpart(l:lines[line('.') - 1], col('.') - 1)
  return l:lines
endfunction
function! s:record() abort
  call add(g:gridls_states, GridlsShown())
endfunction
inoremap <F2> <Cmd>call <SID>record()<CR>

function! GridlsServerInSync(name) abort
  call GridlsCheck(a:name . ': the server has the buffer', s:test.server_text(), join(getline(1, '$'), "\n") . "\n")
endfunction

let s:check = function('GridlsCheck')
let s:open = function('GridlsOpen')
let s:shown = function('GridlsShown')
let s:server_in_sync = function('GridlsServerInSync')

try
  " A vimrc without filetype detection: the plugin attaches by the file's extension.
  call s:open('plain.md', ['|a|b|', '|-|-|'])
  call s:check('no filetype detection: attached', [&filetype, s:test.attached()], ['', 1])
  GridFormat
  call s:check('no filetype detection: formatting', getline(1, '$'), ['| a   | b   |', '| --- | --- |'])
  bwipeout!
  call s:open('plain.Rmd', ['|a|b|', '|-|-|'])
  call s:check('no filetype detection: .Rmd attached', [&filetype, s:test.attached()], ['', 1])
  bwipeout!
  filetype plugin indent on

  " Format on save: the file written is the formatted one.
  call writefile(['# Notes', '', '|a|b|', '|-|-:|', '|long cell|1|'], s:work . '/save.md')
  execute 'edit ' . fnameescape(s:work . '/save.md')
  call s:check('filetype', &filetype, 'markdown')
  call s:test.wait('get(b:, "gridls_table_ranges", []) != []')
  write
  call s:check('format on save', readfile(s:work . '/save.md'),
        \ ['# Notes', '', '| a         |   b |', '| --------- | --: |', '| long cell |   1 |'])

  " Fix on save: text typed into a grid cell pushed its | off the border; the table written is re-laid.
  call s:open('fix.md', ['+-----+---+', '| abc | d |', '+-----+---+'])
  call feedkeys("2G05|ade\<Esc>", 'xt')
  write
  call s:check('fix on save', readfile(s:work . '/fix.md'), ['+-------+---+', '| abcde | d |', '+-------+---+'])

  " Diagnostics for a ragged row and a non-rectangular grid cell; the table ranges the keys read.
  call s:open('diag.md', ['| a | b |', '|---|---|', '| 1 | 2 | 3 |', '', '+---+---+', '| a | b |', '+---+   |', '| c     |', '+---+---+'])
  call s:test.wait('len(g:gridls_test.diagnostic_codes()) >= 2')
  call s:check('diagnostic codes', s:test.diagnostic_codes(), ['extra-cells', 'non-rectangular-cell'])
  call s:check('table ranges', b:gridls_table_ranges, [[0, 2], [4, 8]])

  " Insert row below, then undo in one step.
  call s:open('edit.md', ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |', '| 5   | 6   |'])
  let s:before = getline(1, '$')
  call cursor(3, 3)
  GridInsertRow
  call s:check('insert row below', getline(1, 5), ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '|     |     |', '| 3   | 4   |'])
  undo
  call s:check('undo insert', getline(1, '$'), s:before)
  " The cursor follows the row it moves: twice down takes it down twice.
  call cursor(3, 3)
  GridMoveRowDown
  GridMoveRowDown
  call s:check('move a row down twice', s:shown(), ['| a   | b   |', '| --- | --- |', '| 3   | 4   |', '| 5   | 6   |', '| ‸1   | 2   |'])
  undo
  undo
  call s:check('undo the moves', getline(1, '$'), s:before)

  " Merge the cells 1 and 3 of a visual selection: the pipe table becomes a grid table.
  call cursor(3, 3)
  execute "normal! v\<Esc>"
  call setpos("'<", [0, 3, 3, 0])
  call setpos("'>", [0, 4, 3, 0])
  '<,'>GridMerge
  call s:check('merge cells', getline(1, '$'), ['+---+---+', '| a | b |', '+===+===+', '| 1 | 2 |', '| 3 +---+', '|   | 4 |', '+---+---+', '| 5 | 6 |', '+---+---+'])
  undo
  call s:check('undo merge', getline(1, '$'), s:before)
  call s:server_in_sync('after undo')
  " An action that does not apply is named as the user knows it.
  call s:open('columns.md', ['Text', '', '| a   | b   | c   |', '| --- | --- | --- |', '| 1   | 2   | 3   |'])
  1GridMerge
  call s:check('the message names the action', s:test.last_message(), 'gridls: Merge cells does not apply here')
  call cursor(3, 3)
  GridMoveColumnRight
  GridMoveColumnRight
  call s:check('move a column right twice', s:shown()[2:], ['| b   | c   | ‸a   |', '| --- | --- | --- |', '| 2   | 3   | 1   |'])

  " A table typed from nothing with the table keys: a header, <Tab> through the cells, <CR> onto new rows.
  call s:open('typed.md', ['Notes', ''])
  let g:gridls_states = []
  call feedkeys("Go| Name | Age\<Tab>\<F2>Ada\<Tab>\<F2>36\<CR>\<F2>\<S-Tab>\<F2>Grace\<Tab>\<F2>85\<CR>\<F2>\<Esc>", 'xt')
  let s:states = g:gridls_states + [[], [], [], [], [], []]
  call s:check('typing: header then Tab opens a row', s:states[0], ['Notes', '', '| Name | Age |', '| ---- | --- |', '| ‸     |     |'])
  call s:check('typing: Tab to the next cell', s:states[1], ['Notes', '', '| Name | Age |', '| ---- | --- |', '| Ada  | ‸    |'])
  call s:check('typing: Enter opens a row in the same column', s:states[2],
        \ ['Notes', '', '| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '|      | ‸    |'])
  call s:check('typing: Shift-Tab goes back', s:states[3],
        \ ['Notes', '', '| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '| ‸     |     |'])
  call s:check('typing: realigned on the way', s:states[4],
        \ ['Notes', '', '| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | ‸    |'])
  call s:check('typing: the last Enter', s:states[5],
        \ ['Notes', '', '| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | 85  |', '|       | ‸    |'])
  call s:server_in_sync('after typing')
  " Each key that edits is its own undo step: the last <CR> (a new row), then the 85 typed before it.
  undo
  call s:check('undo the last Enter', getline(1, '$'), ['Notes', '', '| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | 85    |'])
  undo
  call s:check('undo what was typed in the cell', getline(6), '| Grace |     |')

  " Outside tables the keys are untouched: a tab (Shift-Tab too) and a line break go in.
  setlocal noexpandtab
  call feedkeys("1GAx\<Tab>y\<S-Tab>z\<CR>w\<Esc>", 'xt')
  call s:check('keys outside tables', getline(1, 2), ["Notesx\ty\tz", 'w'])

  " The table keys' steps from normal mode, as commands and through a mapping: the cursor goes where the
  " keys take it, a row added at the last one; outside a table they say so and change nothing.
  call s:open('steps.md', ['Text', '', '| a   | b   |', '| --- | --- |', '| 1   | 2   |'])
  call cursor(5, 3)
  GridNextCell
  let s:steps = [s:shown()[4]]
  GridPreviousCell
  call add(s:steps, s:shown()[4])
  GridNextRow
  call add(s:steps, s:shown()[4:])
  call s:check(':GridNextCell, :GridPreviousCell, :GridNextRow', s:steps,
        \ ['| 1   | ‸2   |', '| ‸1   | 2   |', ['| 1   | 2   |', '| ‸    |     |']])
  nmap <buffer> <F5> <Plug>(gridls-next-cell)
  nnoremap <buffer> <F6> <Cmd>GridPreviousCell<CR>
  call feedkeys("5G0\<F5>", 'xt')
  let s:steps = [s:shown()[4]]
  call feedkeys("\<F6>", 'xt')
  call s:check('the steps from mappings', s:steps + [s:shown()[4]], ['| 1   | ‸2   |', '| ‸1   | 2   |'])
  call cursor(1, 2)
  GridNextCell
  call s:check(':GridNextCell outside a table', [getline(1, '$')[:1], getpos('.')[1:2], split(execute('messages'), "\n")[-1]],
        \ [['Text', ''], [1, 2], 'gridls: the cursor is not in a table'])

  " Typing `|` realigns the table as it goes, each realignment its own undo step.
  call s:open('realign.md', ['| Key | Age |', '| --- | --- |', '| Ada | 36  |'])
  let g:gridls_states = []
  call feedkeys("3Go|Grace|\<F2>7|\<F2>\<Esc>", 'xt')
  let s:states = g:gridls_states + [[], []]
  call s:check('typing |: the row tidied, the others widened', s:states[0],
        \ ['| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace |‸'])
  call s:check('typing |: the next cell', s:states[1], ['| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace | 7   |‸'])
  let s:undone = []
  for s:step in range(4)
    undo
    call add(s:undone, getline(1, '$'))
  endfor
  call s:check('typing |: undo steps', s:undone, [
        \ ['| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace |7|'],
        \ ['| Key   | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Grace |'],
        \ ['| Key | Age |', '| --- | --- |', '| Ada | 36  |', '|Grace|'],
        \ ['| Key | Age |', '| --- | --- |', '| Ada | 36  |']])
  call s:server_in_sync('after realigning')

  " A reStructuredText simple table, walked with Tab and Shift-Tab (no `|` on its lines).
  call s:open('simple.rst', ['Title', '=====', '', '=====  =====', 'Name   Age', '=====  =====', 'Ada    36', 'Bob    7', '=====  =====', ''])
  let g:gridls_states = []
  call feedkeys("7G0i\<Tab>\<F2>1000\<Tab>\<F2>\<S-Tab>\<F2>\<Esc>", 'xt')
  let s:states = g:gridls_states + [[], [], [[], [], [], [], [], [], []]]
  call s:check('simple table: Tab realigns and moves', s:states[0],
        \ ['Title', '=====', '', '====  ===', 'Name  Age', '====  ===', 'Ada   ‸36', 'Bob   7', '====  ===', ''])
  call s:check('simple table: Tab to the next row', s:states[1],
        \ ['Title', '=====', '', '====  ======', 'Name  Age', '====  ======', 'Ada   100036', '‸Bob   7', '====  ======', ''])
  call s:check('simple table: Shift-Tab back', get(s:states[2], 6, []), 'Ada   ‸100036')

  " A Quarto document: file type quarto, read by pandoc's reader; Tab in its pipe table realigns and moves.
  call s:open('report.qmd', ['---', 'title: Report', '---', '', '| Key | Age |', '|-|-|', '| Ada | 36 |'])
  call s:check('quarto: file type and reader', [&filetype, s:test.server_reader()], ['quarto', 'pandoc'])
  let g:gridls_states = []
  call feedkeys("7G3|i\<Tab>\<F2>\<Esc>", 'xt')
  call s:check('quarto: Tab in a pipe table', get(g:gridls_states, 0, []), ['---', 'title: Report', '---', '', '| Key | Age |', '| --- | --- |', '| Ada | ‸36  |'])

  " In a fenced code block a line starting with `|` is code: Tab and Enter type a tab and a line break.
  call s:open('code.md', ['Code:', '', '```ocaml', 'match o with', '| Some x -> x', '| None -> 0', '```'])
  setlocal noexpandtab noautoindent
  call feedkeys("5GA\<Tab>y\<CR>z\<Esc>", 'xt')
  call s:check('code: Tab and Enter', getline(1, '$'), ['Code:', '', '```ocaml', 'match o with', "| Some x -> x\ty", 'z', '| None -> 0', '```'])

  " g:gridls_enter_leaves_table: Enter at the end of the last row is a plain Enter; on other rows it moves.
  let g:gridls_enter_leaves_table = 1
  call s:open('leave.md', ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |'])
  let g:gridls_states = []
  call feedkeys("3GA\<CR>\<F2>\<Esc>4GA\<CR>x\<Esc>", 'xt')
  call s:check('Enter leaves the table: a row above the last moves', get(get(g:gridls_states, 0, []), 3, ''), '| 3   | ‸4   |')
  call s:check('Enter leaves the table: at the last row', getline(1, '$'), ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |', 'x'])
  let g:gridls_enter_leaves_table = 0

  " g:gridls_blank_field_on_type: typing where a table key landed replaces the cell's text.
  let g:gridls_blank_field_on_type = 1
  call s:open('blank.md', ['| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '', 'Ada'])
  let g:gridls_states = []
  call feedkeys("3GA\<S-Tab>Bo\<F2>\<Tab>7\<F2>\<Esc>5GAx\<Esc>", 'xt')
  call s:check('blank field on type', g:gridls_states + [getline(5)], [['| Name | Age |', '| ---- | --- |', '| Bo‸  | 36  |', '', 'Ada'],
        \ ['| Name | Age |', '| ---- | --- |', '| Bo   | 7‸  |', '', 'Ada'], 'Adax'])
  let g:gridls_blank_field_on_type = 0

  " CSV with quoted commas made a table (:GridTableize, and :GridTableFromLines, its older name); the
  " table copied back as CSV; an empty table inserted.
  execute 'edit ' . fnameescape(s:work . '/csv.md')
  call s:test.wait('g:gridls_test.attached()')
  call setline(1, ['Cities', 'name,population', '"Paris, France",2100000', '"New York, ""NY""",8300000', 'End', 'a,b', '1,2'])
  6,7GridTableFromLines
  2,4GridTableize
  call s:check('lines to table', getline(1, '$'), ['Cities', '', '| name           | population |',
        \ '| -------------- | ---------- |', '| Paris, France  | 2100000    |', '| New York, "NY" | 8300000    |', '', 'End', '',
        \ '| a   | b   |', '| --- | --- |', '| 1   | 2   |'])
  call cursor(5, 3)
  GridCopyCSV a
  call s:check('copy as CSV', getreg('a'), "name,population\n\"Paris, France\",2100000\n\"New York, \"\"NY\"\"\",8300000\n")
  call cursor(1, 1)
  GridInsertTable 2x3
  call s:check('insert table', s:shown()[0:5], ['Cities', '', '| ‸    |     |     |', '| --- | --- | --- |', '|     |     |     |', ''])
  call s:server_in_sync('after the text commands')

  " The cell text objects, from the server's selection ranges: i| the text, a| with its padding and the
  " `|` after it (in a grid table never a border); in a grid cell over two lines, the cursor's line.
  call s:open('objects.md', ['| Name  | Age |', '| ----- | --- |', '| Ada   | 36  |', '| Bob   |     |', '',
        \ '+-----+------+', '| a   | bc   |', '|     | d    |', '+=====+======+', '| x   | long |', '+-----+------+'])
  call feedkeys("3G4|ci|Grace\<Esc>", 'xt')
  call s:check('ci|', getline(3), '| Grace   | 36  |')
  call feedkeys("3G14|da|", 'xt')
  call s:check('da|', getline(3), '| Grace   |')
  normal 4G11|di|
  call s:check('di| on a blank cell', getline(4), '| Bob   ||')
  call feedkeys("8G9|vi|\<Esc>", 'xt')
  call s:check('vi| in a grid cell over two lines', [visualmode(), getpos("'<")[1:2], getpos("'>")[1:2]], ['v', [8, 9], [8, 9]])
  call feedkeys("10G10|va|\<Esc>", 'xt')
  call s:check('va| in a grid cell', [visualmode(), getpos("'<")[1:2], getpos("'>")[1:2]], ['v', [10, 8], [10, 13]])
  call s:server_in_sync('after the text objects')

  " Counts over cells to the right, off a table, a row's leading `|`, a grid cell over two lines.
  call s:open('cells.md', ['| Name | Age | City  |', '| ---- | --- | ----- |', '| Ada  | 36  | Paris |', '| Bob  | 7   | Rome  |', '',
        \ 'plain | line here', '', '+-------+----------+', '| alpha | one      |', '|       | two      |', '+-------+----------+'])
  call feedkeys("3G3|3:GridNextCell\<CR>", 'xt')
  let s:steps = [getpos('.')[1:2]]
  2GridPreviousCell
  call s:check('a count to :GridNextCell and :GridPreviousCell', s:steps + [getpos('.')[1:2]], [[4, 3], [3, 10]])
  call feedkeys("3G1|yi|", 'xt')
  call s:check('yi| on the leading |: the cell to its right', getreg('"'), 'Ada')
  call feedkeys("3G3|v2a|\<Esc>", 'xt')
  call s:check('v2a|: two cells', [visualmode(), getpos("'<")[1:2], getpos("'>")[1:2]], ['v', [3, 2], [3, 14]])
  call feedkeys("3G3|5ci|zz\<Esc>", 'xt')
  call s:check('5ci| past the row: cancelled', getline(3), '| Ada  | 36  | Paris |')
  call feedkeys("3G3|2ci|X\<Esc>", 'xt')
  call s:check('2ci|', getline(3), '| X  | Paris |')
  call feedkeys("4G3|d2a|", 'xt')
  call s:check('d2a|', getline(4), '| Rome  |')
  call feedkeys("6G0ci|zz\<Esc>", 'xt')
  call s:check('ci| off a table: cancelled', getline(6), 'plain | line here')
  call feedkeys("9G11|yi|", 'xt')
  call s:check('yi| in a grid cell over two lines: its line', [getreg('"'), getregtype('"')], ['one', 'v'])
  call feedkeys("9G11|ci|NEW\<Esc>", 'xt')
  call s:check('ci| in a grid cell over two lines', getline(9, 10), ['| alpha | NEW      |', '|       | two      |'])
  call feedkeys("10G11|da|", 'xt')
  call s:check('da| in a grid cell keeps its borders', getline(8, 11), ['+-------+----------+', '| alpha | NEW      |', '|       ||', '+-------+----------+'])
  " `.` takes the cell where it is repeated (off a table it is an error, which cancels the operator
  " where no :try turns it into an exception: test_vim.vim checks it).
  call feedkeys("3G3|ci|Y\<Esc>10|.", 'xt')
  call s:check('ci| repeated with .', getline(3), '| Y  | Y |')
  call s:server_in_sync('after the counts')

  " A completion plugin's keys, mapped before gridls's in each buffer (an expression, a <Plug> mapping
  " and a remapped one whose keys start with the key itself; Neovim's with Lua callbacks). gridls leaves
  " them working outside tables and does not call them in a table.
  let g:completions = {'tab': 0, 'stab': 0, 'cr': 0}
  call s:test.map_completion()
  call s:open('completion.md', ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '', ''])
  setlocal noexpandtab
  call feedkeys("5Gix\<Tab>y\<S-Tab>z\<CR>w\<Esc>", 'xt')
  call s:check('completion mappings outside tables', [getline(5, '$'), g:completions], [["x\ty\tz", 'w'], {'tab': 1, 'stab': 1, 'cr': 1}])
  let g:gridls_states = []
  call feedkeys("3GA\<S-Tab>\<F2>\<Tab>\<F2>\<Tab>\<F2>\<Esc>", 'xt')
  let s:states = g:gridls_states + [[], [], []]
  call s:check('completion mappings: the keys in a table', [get(s:states[0], 2, ''), get(s:states[1], 2, ''), get(s:states[2], 3, ''), g:completions],
        \ ['| ‸1   | 2   |', '| 1   | ‸2   |', '| ‸    |     |', {'tab': 1, 'stab': 1, 'cr': 1}])
catch
  call add(g:gridls_results, 'FAIL exception: ' . v:exception . ' at ' . v:throwpoint)
endtry
