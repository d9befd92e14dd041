" The Vim 9 client: gridls on a job whose channel is in LSP mode (Vim frames the messages itself).
" Buffers are synced with full text on change; requests are synchronous, so format-on-save runs before
" the file is written; edits are applied inside one command, so one undo step undoes them.

let s:channel = v:null
let s:diagnostics = {}

function! s:start() abort
  if s:channel isnot v:null && ch_status(s:channel) ==# 'open'
    return 1
  endif
  if !executable(g:gridls_command[0])
    echohl ErrorMsg | echomsg 'gridls: "' . g:gridls_command[0] . '" was not found; install gridls or set g:gridls_command' | echohl None
    return 0
  endif
  let l:job = job_start(g:gridls_command, {'in_mode': 'lsp', 'out_mode': 'lsp', 'err_mode': 'nl',
        \ 'callback': function('s:on_message'), 'err_cb': {channel, line -> 0}})
  let s:channel = job_getchannel(l:job)
  let l:capabilities = {'general': {'positionEncodings': ['utf-8']},
        \ 'textDocument': {'codeAction': {'disabledSupport': v:true, 'dataSupport': v:true,
        \   'resolveSupport': {'properties': ['edit']},
        \   'codeActionLiteralSupport': {'codeActionKind': {'valueSet': ['quickfix', 'refactor.rewrite']}}}}}
  let l:reply = s:request('initialize', {'processId': getpid(), 'rootUri': v:null,
        \ 'capabilities': l:capabilities, 'initializationOptions': g:gridls_settings})
  if type(l:reply) != v:t_dict
    echohl ErrorMsg | echomsg 'gridls: the server did not start' | echohl None
    let s:channel = v:null
    return 0
  endif
  call ch_sendexpr(s:channel, {'method': 'initialized', 'params': {}})
  return 1
endfunction

" A request's result, or v:null (with a message) on error.
function! s:request(method, params) abort
  let l:reply = ch_evalexpr(s:channel, {'method': a:method, 'params': a:params}, {'timeout': 10000})
  if type(l:reply) == v:t_dict && has_key(l:reply, 'error')
    echohl ErrorMsg | echomsg 'gridls: ' . l:reply.error.message | echohl None
    return v:null
  endif
  return type(l:reply) == v:t_dict && has_key(l:reply, 'result') ? l:reply.result : l:reply
endfunction

function! s:uri(buf) abort
  let l:name = bufname(a:buf)
  return empty(l:name) ? 'untitled:' . a:buf : 'file://' . fnamemodify(l:name, ':p')
endfunction

function! s:text(buf) abort
  let l:lines = getbufline(a:buf, 1, '$')
  return join(l:lines, "\n") . (getbufvar(a:buf, '&endofline') || getbufvar(a:buf, '&fixendofline') ? "\n" : '')
endfunction

function! gridls#vim#attach(buf) abort
  if getbufvar(a:buf, 'gridls_attached', 0) || !s:start()
    return
  endif
  call setbufvar(a:buf, 'gridls_attached', 1)
  call setbufvar(a:buf, 'gridls_version', 1)
  call setbufvar(a:buf, 'gridls_tick', getbufvar(a:buf, 'changedtick'))
  call ch_sendexpr(s:channel, {'method': 'textDocument/didOpen', 'params': {'textDocument': {
        \ 'uri': s:uri(a:buf), 'languageId': getbufvar(a:buf, '&filetype'), 'version': 1, 'text': s:text(a:buf)}}})
  execute 'augroup gridls_buffer_' . a:buf
  autocmd!
  execute 'autocmd TextChanged,InsertLeave <buffer=' . a:buf . '> call s:sync(' . a:buf . ')'
  execute 'autocmd BufWritePre <buffer=' . a:buf . '> if g:gridls_format_on_save | call gridls#vim#format() | endif'
  execute 'autocmd BufUnload <buffer=' . a:buf . '> call s:close(' . a:buf . ')'
  augroup END
endfunction

function! s:sync(buf) abort
  if !getbufvar(a:buf, 'gridls_attached', 0) || getbufvar(a:buf, 'gridls_tick') == getbufvar(a:buf, 'changedtick')
    return
  endif
  let l:version = getbufvar(a:buf, 'gridls_version') + 1
  call setbufvar(a:buf, 'gridls_version', l:version)
  call setbufvar(a:buf, 'gridls_tick', getbufvar(a:buf, 'changedtick'))
  call ch_sendexpr(s:channel, {'method': 'textDocument/didChange', 'params': {
        \ 'textDocument': {'uri': s:uri(a:buf), 'version': l:version}, 'contentChanges': [{'text': s:text(a:buf)}]}})
endfunction

function! s:close(buf) abort
  if s:channel isnot v:null && ch_status(s:channel) ==# 'open'
    call ch_sendexpr(s:channel, {'method': 'textDocument/didClose', 'params': {'textDocument': {'uri': s:uri(a:buf)}}})
  endif
  call setbufvar(a:buf, 'gridls_attached', 0)
endfunction

function! gridls#vim#format() abort
  let l:buf = bufnr('')
  if !getbufvar(l:buf, 'gridls_attached', 0)
    return
  endif
  call s:sync(l:buf)
  let l:edits = s:request('textDocument/formatting', {'textDocument': {'uri': s:uri(l:buf)},
        \ 'options': {'tabSize': &tabstop, 'insertSpaces': &expandtab ? v:true : v:false}})
  if type(l:edits) == v:t_list && !empty(l:edits)
    call s:apply(l:edits)
    call s:sync(l:buf)
  endif
endfunction

" The code actions at a selection given as [line, column] pairs (1-based, columns in bytes).
function! s:actions(start, end) abort
  let l:buf = bufnr('')
  call s:sync(l:buf)
  let l:range = {'start': {'line': a:start[0] - 1, 'character': a:start[1] - 1},
        \ 'end': {'line': a:end[0] - 1, 'character': a:end[1] - 1}}
  let l:actions = s:request('textDocument/codeAction', {'textDocument': {'uri': s:uri(l:buf)},
        \ 'range': l:range, 'context': {'diagnostics': []}})
  return type(l:actions) == v:t_list ? l:actions : []
endfunction

function! s:perform(action) abort
  if has_key(a:action, 'disabled')
    echohl WarningMsg | echomsg 'gridls: ' . a:action.title . ': ' . a:action.disabled.reason | echohl None
    return
  endif
  let l:uri = s:uri(bufnr(''))
  let l:action = a:action
  if !has_key(l:action, 'edit') && has_key(l:action, 'data')
    " The edit is computed when the action is chosen, not when the menu is offered.
    let l:resolved = s:request('codeAction/resolve', l:action)
    if type(l:resolved) != v:t_dict
      echohl WarningMsg | echomsg 'gridls: ' . l:action.title . ': the server did not resolve the action' | echohl None
      return
    endif
    let l:action = l:resolved
  endif
  let l:edit = get(l:action, 'edit', {})
  let l:edits = get(get(l:edit, 'changes', {}), l:uri, [])
  for l:change in get(l:edit, 'documentChanges', [])
    if l:change.textDocument.uri ==# l:uri
      let l:edits += l:change.edits
    endif
  endfor
  call s:apply(l:edits)
  call s:sync(bufnr(''))
endfunction

function! gridls#vim#run(command, start, end) abort
  let l:matching = filter(s:actions(a:start, a:end), {_, a -> get(get(a, 'data', {}), 'command', '') ==# a:command})
  if empty(l:matching)
    echohl WarningMsg | echomsg 'gridls: ' . a:command . ' does not apply here' | echohl None
    return
  endif
  call s:perform(l:matching[0])
endfunction

function! gridls#vim#menu(start, end) abort
  let l:actions = s:actions(a:start, a:end)
  if empty(l:actions)
    echomsg 'gridls: no table action here'
    return
  endif
  let l:choices = ['Table actions:']
  for l:i in range(len(l:actions))
    let l:action = l:actions[l:i]
    call add(l:choices, (l:i + 1) . '. ' . l:action.title . (has_key(l:action, 'disabled') ? '  (' . l:action.disabled.reason . ')' : ''))
  endfor
  let l:choice = inputlist(l:choices)
  if l:choice >= 1 && l:choice <= len(l:actions)
    call s:perform(l:actions[l:choice - 1])
  endif
endfunction

" Applies LSP text edits (UTF-8 positions) to the current buffer, last first, within one undo step.
function! s:apply(edits) abort
  let l:sorted = sort(copy(a:edits), {a, b -> a.range.start.line != b.range.start.line
        \ ? b.range.start.line - a.range.start.line : b.range.start.character - a.range.start.character})
  for l:edit in l:sorted
    call s:apply_one(l:edit)
  endfor
endfunction

function! s:apply_one(edit) abort
  let l:last = line('$')
  let [l:start_line, l:start_col] = [a:edit.range.start.line, a:edit.range.start.character]
  let [l:end_line, l:end_col] = [a:edit.range.end.line, a:edit.range.end.character]
  let l:text = a:edit.newText
  if l:end_line >= l:last
    " The end of the document: Vim keeps its final newline in 'endofline', not in a line.
    let [l:end_line, l:end_col] = [l:last - 1, len(getline(l:last))]
    if l:text =~# "\n$"
      let l:text = l:text[: -2]
    endif
  endif
  let l:before = strpart(getline(l:start_line + 1), 0, l:start_col)
  let l:after = strpart(getline(l:end_line + 1), l:end_col)
  let l:new = split(l:before . l:text . l:after, "\n", 1)
  let l:count = l:end_line - l:start_line + 1
  if len(l:new) >= l:count
    call setline(l:start_line + 1, l:new[: l:count - 1])
    if len(l:new) > l:count
      call append(l:start_line + l:count, l:new[l:count :])
    endif
  else
    call setline(l:start_line + 1, l:new)
    call deletebufline('', l:start_line + 1 + len(l:new), l:end_line + 1)
  endif
endfunction

" Diagnostics: signs as they arrive, the location list on request.
function! s:on_message(channel, message) abort
  if type(a:message) != v:t_dict || get(a:message, 'method', '') !=# 'textDocument/publishDiagnostics'
    return
  endif
  let l:uri = a:message.params.uri
  let s:diagnostics[l:uri] = a:message.params.diagnostics
  for l:buf in range(1, bufnr('$'))
    if bufexists(l:buf) && getbufvar(l:buf, 'gridls_attached', 0) && s:uri(l:buf) ==# l:uri
      call setbufvar(l:buf, 'gridls_diagnostics', a:message.params.diagnostics)
      call s:place_signs(l:buf, a:message.params.diagnostics)
    endif
  endfor
endfunction

let s:sign_names = {1: 'GridlsError', 2: 'GridlsWarning', 3: 'GridlsInformation', 4: 'GridlsHint'}

function! s:place_signs(buf, diagnostics) abort
  if empty(sign_getdefined('GridlsError'))
    call sign_define('GridlsError', {'text': 'E>', 'texthl': 'ErrorMsg'})
    call sign_define('GridlsWarning', {'text': 'W>', 'texthl': 'WarningMsg'})
    call sign_define('GridlsInformation', {'text': 'I>', 'texthl': 'Question'})
    call sign_define('GridlsHint', {'text': 'H>', 'texthl': 'Comment'})
  endif
  call sign_unplace('gridls', {'buffer': a:buf})
  call sign_placelist(map(copy(a:diagnostics), {_, d -> {'group': 'gridls', 'buffer': a:buf,
        \ 'lnum': d.range.start.line + 1, 'name': s:sign_names[get(d, 'severity', 1)]}}))
endfunction

function! gridls#vim#diagnostics() abort
  let l:buf = bufnr('')
  let l:items = map(copy(getbufvar(l:buf, 'gridls_diagnostics', [])), {_, d -> {'bufnr': l:buf,
        \ 'lnum': d.range.start.line + 1, 'col': d.range.start.character + 1,
        \ 'type': get({1: 'E', 2: 'W', 3: 'I', 4: 'I'}, get(d, 'severity', 1), 'E'),
        \ 'text': d.message . ' [' . d.code . ']'}})
  call setloclist(0, l:items, 'r')
  if !empty(l:items)
    lopen
  endif
endfunction
