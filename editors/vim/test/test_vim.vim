" End-to-end test of the plugin in Vim 9, headless: vim -N -u NONE -i NONE -es -S test_vim.vim
" Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS. With
" $GRIDLS_GENERAL_CLIENT (a folder holding yegappan/lsp), that client is installed too: gridls keeps
" its own channel beside it, and every check must pass the same.
let s:plugin = expand('<sfile>:p:h:h')
if !empty($GRIDLS_GENERAL_CLIENT)
  execute 'set rtp^=' . fnameescape($GRIDLS_GENERAL_CLIENT)
endif
execute 'set rtp^=' . fnameescape(s:plugin)
" A completion plugin's <Tab>, which the table keys must leave working outside tables.
let g:completions = 0
function! s:complete_tab() abort
  let g:completions += 1
  return "\<Tab>"
endfunction
inoremap <expr> <Tab> <SID>complete_tab()
let g:gridls_table_keys = 1
filetype plugin on
runtime! plugin/**/*.vim
set nomore hidden backspace=indent,eol,start
let s:results = []

function! s:check(name, got, expected) abort
  if a:got ==# a:expected
    call add(s:results, 'ok ' . a:name)
  else
    call add(s:results, 'FAIL ' . a:name . ': got ' . string(a:got) . ' expected ' . string(a:expected))
  endif
endfunction

function! s:wait_for(condition) abort
  let l:deadline = reltime()
  while !eval(a:condition) && reltimefloat(reltime(l:deadline)) < 10.0
    sleep 20m
  endwhile
  return eval(a:condition)
endfunction

" The buffer with ‸ at the cursor, recorded by <F2> in insert mode after every key.
let s:states = []
function! s:shown() abort
  let l:lines = getline(1, '$')
  let l:lines[line('.') - 1] = strpart(l:lines[line('.') - 1], 0, col('.') - 1) . '‸' . strpart(l:lines[line('.') - 1], col('.') - 1)
  return l:lines
endfunction
function! s:record() abort
  call add(s:states, s:shown())
endfunction
inoremap <F2> <Cmd>call <SID>record()<CR>
" What Vim does before it redraws after each key (headless, it never redraws): the listeners report.
function! s:redraw() abort
  call listener_flush()
  let s:flushed_in = mode()
endfunction
inoremap <F3> <Cmd>call <SID>redraw()<CR>

function! s:server_in_sync(name) abort
  call s:check(a:name . ': the server has the buffer', gridls#vim#ServerText(bufnr('')), join(getline(1, '$'), "\n") . "\n")
endfunction

let s:work = $GRIDLS_WORK
try
  " Format on save: the file written is the formatted one.
  call writefile(['# Notes', '', '|a|b|', '|-|-:|', '|long cell|1|'], s:work . '/save.md')
  execute 'edit ' . fnameescape(s:work . '/save.md')
  call s:check('filetype', &filetype, 'markdown')
  write
  call s:check('format on save', readfile(s:work . '/save.md'),
        \ ['# Notes', '', '| a         |   b |', '| --------- | --: |', '| long cell |   1 |'])

  " Diagnostics for a ragged row and a non-rectangular grid cell.
  call writefile(['| a | b |', '|---|---|', '| 1 | 2 | 3 |', '', '+---+---+', '| a | b |', '+---+   |', '| c     |', '+---+---+'], s:work . '/diag.md')
  execute 'edit ' . fnameescape(s:work . '/diag.md')
  call s:wait_for('len(get(b:, "gridls_diagnostics", [])) >= 2')
  call s:check('diagnostic codes', sort(map(copy(get(b:, 'gridls_diagnostics', [])), 'v:val.code')), ['extra-cells', 'non-rectangular-cell'])
  GridDiagnostics
  call s:check('location list', len(getloclist(0)), 2)
  lclose
  call s:check('signs', len(sign_getplaced(bufnr(''), {'group': 'gridls'})[0].signs), 2)
  " Typing fixes the row: the diagnostic goes while still in insert mode, from incremental changes.
  call feedkeys("3GA\<BS>\<BS>\<BS>\<BS>\<F3>\<Esc>", 'xt')
  call s:wait_for('len(get(b:, "gridls_diagnostics", [])) == 1')
  call s:check('diagnostics follow the typing', [s:flushed_in, map(copy(get(b:, 'gridls_diagnostics', [])), 'v:val.code')], ['i', ['non-rectangular-cell']])
  call s:server_in_sync('after deleting')

  " A file name with a space and an accented letter: its URI is percent-encoded, and the server has it.
  call writefile(['|a|b|', '|-|-|'], s:work . '/my notes é.md')
  execute 'edit ' . fnameescape(s:work . '/my notes é.md')
  call s:check('percent-encoded URI', gridls#vim#Uri(bufnr('')) =~# '/my%20notes%20%C3%A9\.md$', 1)
  GridFormat
  call s:check('formatting through that URI', getline(1, '$'), ['| a   | b   |', '| --- | --- |'])
  call s:server_in_sync('a percent-encoded URI')

  " Insert row below, then undo in one step.
  call writefile(['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |'], s:work . '/edit.md')
  execute 'edit ' . fnameescape(s:work . '/edit.md')
  let s:before = getline(1, '$')
  call cursor(3, 3)
  GridInsertRow
  call s:check('insert row below', getline(1, '$'), ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '|     |     |', '| 3   | 4   |'])
  undo
  call s:check('undo insert', getline(1, '$'), s:before)
  call cursor(4, 3)
  GridMoveRowUp
  call s:check('move row up', getline(3, 4), ['| 3   | 4   |', '| 1   | 2   |'])
  undo

  " Merge the cells 1 and 3 of a visual selection: the pipe table becomes a grid table.
  call cursor(3, 3)
  execute "normal! v\<Esc>"
  call setpos("'<", [0, 3, 3, 0])
  call setpos("'>", [0, 4, 3, 0])
  '<,'>GridMerge
  call s:check('merge cells', getline(1, '$'), ['+---+---+', '| a | b |', '+===+===+', '| 1 | 2 |', '| 3 +---+', '|   | 4 |', '+---+---+'])
  undo
  call s:check('undo merge', getline(1, '$'), s:before)
  call s:server_in_sync('after undo')

  " A table typed from nothing with the table keys: a header, <Tab> through the cells, <CR> onto new rows.
  execute 'edit ' . fnameescape(s:work . '/typed.md')
  call setline(1, ['Notes', ''])
  let s:states = []
  call feedkeys("Go| Name | Age\<Tab>\<F2>Ada\<Tab>\<F2>36\<CR>\<F2>\<S-Tab>\<F2>Grace\<Tab>\<F2>85\<CR>\<F2>\<Esc>", 'xt')
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

  " Outside tables the keys are untouched: the completion mapping runs, a tab and a line break go in.
  let g:completions = 0
  setlocal noexpandtab
  call feedkeys("1GAx\<Tab>y\<CR>z\<Esc>", 'xt')
  call s:check('keys outside tables', [getline(1), getline(2), g:completions], ["Notesx\ty", 'z', 1])

  " CSV with quoted commas made a table; the table copied back as CSV; an empty table inserted.
  execute 'edit ' . fnameescape(s:work . '/csv.md')
  call setline(1, ['Cities', 'name,population', '"Paris, France",2100000', '"New York, ""NY""",8300000', 'End'])
  2,4GridTableFromLines
  call s:check('lines to table', getline(1, '$'), ['Cities', '', '| name           | population |',
        \ '| -------------- | ---------- |', '| Paris, France  | 2100000    |', '| New York, "NY" | 8300000    |', '', 'End'])
  call cursor(5, 3)
  GridCopyCSV a
  call s:check('copy as CSV', getreg('a'), "name,population\n\"Paris, France\",2100000\n\"New York, \"\"NY\"\"\",8300000\n")
  call cursor(1, 1)
  GridInsertTable 2x3
  call s:check('insert table', s:shown()[0:5], ['Cities', '', '| ‸    |     |     |', '| --- | --- | --- |', '|     |     |     |', ''])
  " The cell text objects.
  call cursor(7, 5)
  normal di|
  call s:check('di|', getline(7), '|            | population |')
  call s:server_in_sync('after the text commands')
catch
  call add(s:results, 'FAIL exception: ' . v:exception . ' at ' . v:throwpoint)
endtry
call writefile(s:results, $GRIDLS_RESULTS)
qa!
