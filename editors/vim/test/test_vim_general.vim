" With a general LSP client installed (here a stand-in for yegappan/lsp's LspAddServer), the plugin
" registers gridls with it instead of starting its own client.
let s:plugin = expand('<sfile>:p:h:h')
execute 'set rtp^=' . fnameescape(s:plugin)
let g:registered = []
function! LspAddServer(servers) abort
  call extend(g:registered, a:servers)
endfunction
filetype plugin on
runtime! plugin/**/*.vim
let s:results = []
try
  call writefile(['|a|', '|-|'], $GRIDLS_WORK . '/general.md')
  execute 'edit ' . fnameescape($GRIDLS_WORK . '/general.md')
  call add(s:results, g:registered ==# [{'name': 'gridls', 'filetype': ['markdown', 'rst'], 'path': 'gridls', 'args': [], 'initializationOptions': {}}]
        \ ? 'ok registered with the general client' : 'FAIL registered: ' . string(g:registered))
  call add(s:results, get(b:, 'gridls_attached', 0) == 0 ? 'ok no second client' : 'FAIL a second client was started')
catch
  call add(s:results, 'FAIL exception: ' . v:exception)
endtry
call writefile(s:results, $GRIDLS_RESULTS)
qa!
