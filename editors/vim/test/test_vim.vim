" End-to-end test of the plugin in Vim 9, headless: vim -N -u NONE -i NONE -es -S test_vim.vim
" Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS. With
" $GRIDLS_GENERAL_CLIENT (a folder holding yegappan/lsp), that client is installed too: gridls keeps
" its own channel beside it, and every check must pass the same.
" Set up as README tells users: only `let g:gridls_table_keys = 1` and, after the first checks (a vimrc
" without it), `filetype plugin indent on`. A completion plugin's keys come last.
let s:plugin = expand('<sfile>:p:h:h')
if !empty($GRIDLS_GENERAL_CLIENT)
  execute 'set rtp^=' . fnameescape($GRIDLS_GENERAL_CLIENT)
endif
execute 'set rtp^=' . fnameescape(s:plugin)
let g:gridls_table_keys = 1
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

" Opens a file of `lines` and waits for the server's table ranges (the keys read them).
function! s:open(name, lines) abort
  call writefile(a:lines, s:work . '/' . a:name)
  execute 'edit ' . fnameescape(s:work . '/' . a:name)
  call s:wait_for('has_key(b:, "gridls_table_ranges")')
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
  " A vimrc without filetype detection: the plugin attaches by the file's extension.
  call s:open('plain.md', ['|a|b|', '|-|-|'])
  call s:check('no filetype detection: attached', [&filetype, get(b:, 'gridls_attached', 0)], ['', 1])
  GridFormat
  call s:check('no filetype detection: formatting', getline(1, '$'), ['| a   | b   |', '| --- | --- |'])
  bwipeout!
  call s:open('plain.Rmd', ['|a|b|', '|-|-|'])
  call s:check('no filetype detection: .Rmd attached', [&filetype, get(b:, 'gridls_attached', 0)], ['', 1])
  bwipeout!
  filetype plugin indent on

  " Format on save: the file written is the formatted one.
  call writefile(['# Notes', '', '|a|b|', '|-|-:|', '|long cell|1|'], s:work . '/save.md')
  execute 'edit ' . fnameescape(s:work . '/save.md')
  call s:check('filetype', &filetype, 'markdown')
  write
  call s:check('format on save', readfile(s:work . '/save.md'),
        \ ['# Notes', '', '| a         |   b |', '| --------- | --: |', '| long cell |   1 |'])

  " Fix on save: text typed into a grid cell pushed its | off the border; the table written is re-laid.
  call writefile(['+-----+---+', '| abc | d |', '+-----+---+'], s:work . '/fix.md')
  execute 'edit ' . fnameescape(s:work . '/fix.md')
  call feedkeys("2G05|ade\<Esc>", 'xt')
  write
  call s:check('fix on save', readfile(s:work . '/fix.md'), ['+-------+---+', '| abcde | d |', '+-------+---+'])

  " Diagnostics for a ragged row and a non-rectangular grid cell.
  call s:open('diag.md', ['| a | b |', '|---|---|', '| 1 | 2 | 3 |', '', '+---+---+', '| a | b |', '+---+   |', '| c     |', '+---+---+'])
  call s:wait_for('len(get(b:, "gridls_diagnostics", [])) >= 2')
  call s:check('diagnostic codes', sort(map(copy(get(b:, 'gridls_diagnostics', [])), 'v:val.code')), ['extra-cells', 'non-rectangular-cell'])
  GridDiagnostics
  call s:check('location list', len(getloclist(0)), 2)
  lclose
  call s:check('signs', len(sign_getplaced(bufnr(''), {'group': 'gridls'})[0].signs), 2)
  call s:check('the sign column stays open in a buffer with tables', [b:gridls_table_ranges, &signcolumn], [[[0, 2], [4, 8]], 'yes'])
  " Typing fixes the row: the diagnostic goes while still in insert mode, from incremental changes.
  call feedkeys("3GA\<BS>\<BS>\<BS>\<BS>\<F3>\<Esc>", 'xt')
  call s:wait_for('len(get(b:, "gridls_diagnostics", [])) == 1')
  call s:check('diagnostics follow the typing', [s:flushed_in, map(copy(get(b:, 'gridls_diagnostics', [])), 'v:val.code')], ['i', ['non-rectangular-cell']])
  call s:server_in_sync('after deleting')
  " Without tables the sign column goes back to "auto".
  silent %delete
  call listener_flush()
  call s:wait_for('empty(b:gridls_table_ranges)')
  call s:check('the sign column back to auto without tables', [b:gridls_table_ranges, &signcolumn], [[], 'auto'])
  " A buffer without tables keeps the sign column as it was; so does a user's own 'signcolumn'.
  call s:open('prose.md', ['Just text.'])
  call s:check('no table: the sign column as it was', [b:gridls_table_ranges, &signcolumn], [[], 'auto'])
  set signcolumn=no
  call s:open('own.md', ['| a |', '| - |'])
  call s:check("the user's own signcolumn", [b:gridls_table_ranges, &signcolumn], [[[0, 1]], 'no'])
  set signcolumn=auto

  " A file name with a space and an accented letter: its URI is percent-encoded, and the server has it.
  call writefile(['|a|b|', '|-|-|'], s:work . '/my notes é.md')
  execute 'edit ' . fnameescape(s:work . '/my notes é.md')
  call s:check('percent-encoded URI', gridls#vim#Uri(bufnr('')) =~# '/my%20notes%20%C3%A9\.md$', 1)
  GridFormat
  call s:check('formatting through that URI', getline(1, '$'), ['| a   | b   |', '| --- | --- |'])
  call s:server_in_sync('a percent-encoded URI')

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
  call s:check('the message names the action', split(execute('messages'), "\n")[-1], 'gridls: Merge cells does not apply here')
  call cursor(3, 3)
  GridMoveColumnRight
  GridMoveColumnRight
  call s:check('move a column right twice', s:shown()[2:], ['| b   | c   | ‸a   |', '| --- | --- | --- |', '| 2   | 3   | 1   |'])

  " A table typed from nothing with the table keys: a header, <Tab> through the cells, <CR> onto new rows.
  call s:open('typed.md', ['Notes', ''])
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

  " Outside tables the keys are untouched: a tab (Shift-Tab too) and a line break go in.
  setlocal noexpandtab
  call feedkeys("1GAx\<Tab>y\<S-Tab>z\<CR>w\<Esc>", 'xt')
  call s:check('keys outside tables', getline(1, 2), ["Notesx\ty\tz", 'w'])

  " Typing `|` realigns the table as it goes, each realignment its own undo step.
  call s:open('realign.md', ['| Key | Age |', '| --- | --- |', '| Ada | 36  |'])
  let s:states = []
  call feedkeys("3Go|Grace|\<F2>7|\<F2>\<Esc>", 'xt')
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
  let s:states = []
  call feedkeys("7G0i\<Tab>\<F2>1000\<Tab>\<F2>\<S-Tab>\<F2>\<Esc>", 'xt')
  call s:check('simple table: Tab realigns and moves', s:states[0],
        \ ['Title', '=====', '', '====  ===', 'Name  Age', '====  ===', 'Ada   ‸36', 'Bob   7', '====  ===', ''])
  call s:check('simple table: Tab to the next row', s:states[1],
        \ ['Title', '=====', '', '====  ======', 'Name  Age', '====  ======', 'Ada   100036', '‸Bob   7', '====  ======', ''])
  call s:check('simple table: Shift-Tab back', s:states[2][6], 'Ada   ‸100036')

  " A Quarto document: file type quarto, read by pandoc's reader; Tab in its pipe table realigns and moves.
  call s:open('report.qmd', ['---', 'title: Report', '---', '', '| Key | Age |', '|-|-|', '| Ada | 36 |'])
  call s:check('quarto: file type and reader', [&filetype, gridls#vim#ServerReader(bufnr(''))], ['quarto', 'pandoc'])
  let s:states = []
  call feedkeys("7G3|i\<Tab>\<F2>\<Esc>", 'xt')
  call s:check('quarto: Tab in a pipe table', s:states[0], ['---', 'title: Report', '---', '', '| Key | Age |', '| --- | --- |', '| Ada | ‸36  |'])

  " In a fenced code block a line starting with `|` is code: Tab and Enter type a tab and a line break.
  call s:open('code.md', ['Code:', '', '```ocaml', 'match o with', '| Some x -> x', '| None -> 0', '```'])
  setlocal noexpandtab
  call feedkeys("5GA\<Tab>y\<CR>z\<Esc>", 'xt')
  call s:check('code: Tab and Enter', getline(1, '$'), ['Code:', '', '```ocaml', 'match o with', "| Some x -> x\ty", 'z', '| None -> 0', '```'])

  " g:gridls_enter_leaves_table: Enter at the end of the last row is a plain Enter; on other rows it moves.
  let g:gridls_enter_leaves_table = 1
  call s:open('leave.md', ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |'])
  let s:states = []
  call feedkeys("3GA\<CR>\<F2>\<Esc>4GA\<CR>x\<Esc>", 'xt')
  call s:check('Enter leaves the table: a row above the last moves', s:states[0][3], '| 3   | ‸4   |')
  call s:check('Enter leaves the table: at the last row', getline(1, '$'), ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |', 'x'])
  let g:gridls_enter_leaves_table = 0

  " g:gridls_blank_field_on_type: typing where a table key landed replaces the cell's text.
  let g:gridls_blank_field_on_type = 1
  call s:open('blank.md', ['| Name | Age |', '| ---- | --- |', '| Ada  | 36  |', '', 'Ada'])
  let s:states = []
  call feedkeys("3GA\<S-Tab>Bo\<F2>\<Tab>7\<F2>\<Esc>5GAx\<Esc>", 'xt')
  call s:check('blank field on type', s:states + [getline(5)], [['| Name | Age |', '| ---- | --- |', '| Bo‸  | 36  |', '', 'Ada'],
        \ ['| Name | Age |', '| ---- | --- |', '| Bo   | 7‸  |', '', 'Ada'], 'Adax'])
  let g:gridls_blank_field_on_type = 0

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

  " A completion plugin's keys, mapped before gridls's in each buffer: an <expr> <SID> mapping, a
  " <Plug> one and a remapped one whose keys start with the key itself. gridls leaves them working
  " outside tables and does not call them in a table.
  let g:completions = {'tab': 0, 'stab': 0, 'cr': 0}
  function! s:complete(key, keys) abort
    let g:completions[a:key] += 1
    return a:keys
  endfunction
  inoremap <expr> <Tab> <SID>complete('tab', "\<Tab>")
  inoremap <expr> <Plug>(complete-back) <SID>complete('stab', "\<S-Tab>")
  imap <S-Tab> <Plug>(complete-back)
  imap <expr> <CR> <SID>complete('cr', "\<CR>")
  call s:open('completion.md', ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '', ''])
  setlocal noexpandtab
  call feedkeys("5Gix\<Tab>y\<S-Tab>z\<CR>w\<Esc>", 'xt')
  call s:check('completion mappings outside tables', [getline(5, '$'), g:completions], [["x\ty\tz", 'w'], {'tab': 1, 'stab': 1, 'cr': 1}])
  let s:states = []
  call feedkeys("3GA\<S-Tab>\<F2>\<Tab>\<F2>\<Tab>\<F2>\<Esc>", 'xt')
  call s:check('completion mappings: the keys in a table', [s:states[0][2], s:states[1][2], s:states[2][3], g:completions],
        \ ['| ‸1   | 2   |', '| 1   | ‸2   |', '| ‸    |     |', {'tab': 1, 'stab': 1, 'cr': 1}])

  " :help gridls: the help file's tags are well formed and name the sections.
  call mkdir(s:work . '/doc', 'p')
  call writefile(readfile(s:plugin . '/doc/gridls.txt'), s:work . '/doc/gridls.txt')
  execute 'helptags ' . fnameescape(s:work . '/doc')
  let s:tags = map(readfile(s:work . '/doc/tags'), 'split(v:val, "\t")[0]')
  call s:check('help tags', filter(['gridls', 'gridls-keys', 'gridls-simple-tables', 'gridls-list-tables', 'gridls-quick-fixes', 'gridls-org'], 'index(s:tags, v:val) < 0'), [])
catch
  call add(s:results, 'FAIL exception: ' . v:exception . ' at ' . v:throwpoint)
endtry
call writefile(s:results, $GRIDLS_RESULTS)
qa!
