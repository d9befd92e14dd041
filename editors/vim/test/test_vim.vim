" End-to-end test of the plugin in Vim 9, headless: vim -N -u NONE -i NONE -es -S test_vim.vim
" Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS.
let s:plugin = expand('<sfile>:p:h:h')
execute 'set rtp^=' . fnameescape(s:plugin)
filetype plugin on
runtime! plugin/**/*.vim
set nomore
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

  " Insert row below, then undo in one step.
  call writefile(['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '| 3   | 4   |'], s:work . '/edit.md')
  execute 'edit ' . fnameescape(s:work . '/edit.md')
  let s:before = getline(1, '$')
  call cursor(3, 3)
  GridInsertRow
  call s:check('insert row below', getline(1, '$'), ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '|     |     |', '| 3   | 4   |'])
  undo
  call s:check('undo insert', getline(1, '$'), s:before)

  " Merge the cells 1 and 3 of a visual selection: the pipe table becomes a grid table.
  call cursor(3, 3)
  execute "normal! v\<Esc>"
  call setpos("'<", [0, 3, 3, 0])
  call setpos("'>", [0, 4, 3, 0])
  '<,'>GridMerge
  call s:check('merge cells', getline(1, '$'), ['+---+---+', '| a | b |', '+===+===+', '| 1 | 2 |', '| 3 +---+', '|   | 4 |', '+---+---+'])
  undo
  call s:check('undo merge', getline(1, '$'), s:before)
catch
  call add(s:results, 'FAIL exception: ' . v:exception . ' at ' . v:throwpoint)
endtry
call writefile(s:results, $GRIDLS_RESULTS)
qa!
