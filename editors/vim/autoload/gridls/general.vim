" Registering gridls with a general LSP client the user already runs, instead of a second client.

function! gridls#general#register(client) abort
  if get(g:, 'gridls_registered', 0)
    return
  endif
  let g:gridls_registered = 1
  if a:client ==# 'yegappan'
    call LspAddServer([{'name': 'gridls', 'filetype': g:gridls_filetypes,
          \ 'path': g:gridls_command[0], 'args': g:gridls_command[1:],
          \ 'initializationOptions': g:gridls_settings}])
  else
    call lsp#register_server({'name': 'gridls', 'cmd': {server_info -> g:gridls_command},
          \ 'allowlist': g:gridls_filetypes, 'initialization_options': g:gridls_settings})
  endif
endfunction

function! gridls#general#format(client) abort
  execute a:client ==# 'yegappan' ? 'LspFormat' : 'LspDocumentFormatSync'
endfunction

function! gridls#general#actions() abort
  LspCodeAction
endfunction
