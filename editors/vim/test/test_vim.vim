" End-to-end test of the plugin in Vim 9, headless: vim -N -u NONE -i NONE -es -S test_vim.vim
" Needs $GRIDLS_WORK (a scratch folder) and writes one line per check to $GRIDLS_RESULTS. With
" $GRIDLS_GENERAL_CLIENT (a folder holding yegappan/lsp), that client is installed too: gridls keeps
" its own channel beside it, and every check must pass the same.
" Set up as README tells users: only `let g:gridls_table_keys = 1` and, after the first checks (a vimrc
" without it), `filetype plugin indent on`. The checks Neovim shares are in scenario.vim; then what only
" Vim has: signs and the sign column, changes sent while typing, percent-encoded URIs, the help tags,
" `.` of a cell text object off a table.
let s:plugin = expand('<sfile>:p:h:h')
if !empty($GRIDLS_GENERAL_CLIENT)
  execute 'set rtp^=' . fnameescape($GRIDLS_GENERAL_CLIENT)
endif
execute 'set rtp^=' . fnameescape(s:plugin)
let g:gridls_table_keys = 1
runtime! plugin/**/*.vim

function! s:wait(condition) abort
  let l:start = reltime()
  while !eval(a:condition) && reltimefloat(reltime(l:start)) < 10.0
    sleep 20m
  endwhile
  return eval(a:condition)
endfunction

" A completion plugin's keys: an <expr> <SID> mapping, a <Plug> one and a remapped one whose keys start
" with the key itself.
function! s:complete(key, keys) abort
  let g:completions[a:key] += 1
  return a:keys
endfunction
function! s:map_completion() abort
  inoremap <expr> <Tab> <SID>complete('tab', "\<Tab>")
  inoremap <expr> <Plug>(complete-back) <SID>complete('stab', "\<S-Tab>")
  imap <S-Tab> <Plug>(complete-back)
  imap <expr> <CR> <SID>complete('cr', "\<CR>")
endfunction

let g:gridls_test = {
      \ 'server_text': {-> gridls#vim#ServerText(bufnr(''))},
      \ 'server_reader': {-> gridls#vim#ServerReader(bufnr(''))},
      \ 'diagnostic_codes': {-> sort(map(copy(get(b:, 'gridls_diagnostics', [])), 'v:val.code'))},
      \ 'attached': {-> get(b:, 'gridls_attached', 0)},
      \ 'last_message': {-> split(execute('messages'), "\n")[-1]},
      \ 'map_completion': function('s:map_completion'),
      \ 'wait': function('s:wait')}
execute 'source ' . fnameescape(s:plugin . '/test/scenario.vim')
let s:check = function('GridlsCheck')
let s:open = function('GridlsOpen')
let s:work = $GRIDLS_WORK

" What Vim does before it redraws after each key (headless, it never redraws): the listeners report.
function! s:redraw() abort
  call listener_flush()
  let s:flushed_in = mode()
endfunction
inoremap <F3> <Cmd>call <SID>redraw()<CR>

try
  " Signs and the location list for a ragged row and a non-rectangular grid cell.
  call s:open('signs.md', ['| a | b |', '|---|---|', '| 1 | 2 | 3 |', '', '+---+---+', '| a | b |', '+---+   |', '| c     |', '+---+---+'])
  call s:wait('len(get(b:, "gridls_diagnostics", [])) >= 2')
  GridDiagnostics
  call s:check('location list', len(getloclist(0)), 2)
  lclose
  call s:check('signs', len(sign_getplaced(bufnr(''), {'group': 'gridls'})[0].signs), 2)
  call s:check('the sign column stays open in a buffer with tables', [b:gridls_table_ranges, &signcolumn], [[[0, 2], [4, 8]], 'yes'])
  " Typing fixes the row: the diagnostic goes while still in insert mode, from incremental changes.
  call feedkeys("3GA\<BS>\<BS>\<BS>\<BS>\<F3>\<Esc>", 'xt')
  call s:wait('len(get(b:, "gridls_diagnostics", [])) == 1')
  call s:check('diagnostics follow the typing', [s:flushed_in, map(copy(get(b:, 'gridls_diagnostics', [])), 'v:val.code')], ['i', ['non-rectangular-cell']])
  call GridlsServerInSync('after deleting')
  " Without tables the sign column goes back to "auto".
  silent %delete
  call listener_flush()
  call s:wait('empty(b:gridls_table_ranges)')
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
  call GridlsServerInSync('a percent-encoded URI')

  " :help gridls: the help file's tags are well formed and name the sections and commands.
  call mkdir(s:work . '/doc', 'p')
  call writefile(readfile(s:plugin . '/doc/gridls.txt'), s:work . '/doc/gridls.txt')
  execute 'helptags ' . fnameescape(s:work . '/doc')
  let s:tags = map(readfile(s:work . '/doc/tags'), 'split(v:val, "\t")[0]')
  call s:check('help tags', filter(['gridls', 'gridls-keys', 'gridls-simple-tables', 'gridls-list-tables', 'gridls-quick-fixes', 'gridls-org',
        \ 'gridls-text-objects', ':GridTableize', ':GridTableFromLines', ':GridNextCell', ':GridPreviousCell', ':GridNextRow'], 'index(s:tags, v:val) < 0'), [])
catch
  call add(g:gridls_results, 'FAIL exception: ' . v:exception . ' at ' . v:throwpoint)
endtry
" Outside any :try, as a person types: `.` of a `ci|` repeated off a table fails and changes nothing.
call s:open('repeat.md', ['| a   | b   |', '| --- | --- |', '| 1   | 2   |', '', 'text'])
call feedkeys("3G3|ci|Y\<Esc>5G0.", 'xt')
call s:check('. of ci| off a table: cancelled', getline(3, 5), ['| Y   | 2   |', '', 'text'])
call writefile(g:gridls_results, $GRIDLS_RESULTS)
qa!
