vim9script
# The Vim 9 client: gridls on a job whose channel is in LSP mode (Vim frames the messages). It is gridls's
# own channel, also when yegappan/lsp or vim-lsp is installed: every command, the table keys, the
# diagnostics and format on save work the same beside them.
#
# Buffers are synced incrementally: listener_add reports each change, and only the lines it touched are
# sent, in insert mode too, so diagnostics follow the typing. Requests are synchronous (format on save
# runs before the file is written); a response's edits are applied as one replacement of the lines they
# touch, in one undo step.

var channel: any = null
var diagnostics: dict<list<dict<any>>> = {}

def Running(): bool
  return type(channel) == v:t_channel && ch_status(channel) == 'open'
enddef

def Start(): bool
  if Running()
    return true
  endif
  if !executable(g:gridls_command[0])
    Error('"' .. g:gridls_command[0] .. '" was not found; install gridls or set g:gridls_command')
    return false
  endif
  var job = job_start(g:gridls_command, {in_mode: 'lsp', out_mode: 'lsp', err_mode: 'nl',
    callback: OnMessage, err_cb: (_, _) => 0})
  channel = job_getchannel(job)
  var capabilities = {general: {positionEncodings: ['utf-8']},
    textDocument: {codeAction: {disabledSupport: true, dataSupport: true,
      resolveSupport: {properties: ['edit']},
      codeActionLiteralSupport: {codeActionKind: {valueSet: ['quickfix', 'refactor.rewrite']}}}},
    workspace: {applyEdit: true}, experimental: {gridls: {tableRanges: true}}}
  var reply = Request('initialize', {processId: getpid(), rootUri: null,
    capabilities: capabilities, initializationOptions: g:gridls_settings})
  if type(reply) != v:t_dict
    Error('the server did not start')
    channel = null
    return false
  endif
  ch_sendexpr(channel, {method: 'initialized', params: {}})
  return true
enddef

def Error(message: string)
  echohl ErrorMsg | echomsg 'gridls: ' .. message | echohl None
enddef

def Warn(message: string)
  echohl WarningMsg | echomsg 'gridls: ' .. message | echohl None
enddef

# A request's result, or null (with a message) on error.
def Request(method: string, params: any): any
  var reply = ch_evalexpr(channel, {method: method, params: params}, {timeout: 10000})
  if type(reply) == v:t_dict && has_key(reply, 'error')
    Error(reply.error.message)
    return null
  endif
  return type(reply) == v:t_dict && has_key(reply, 'result') ? reply.result : reply
enddef

# file: URIs with every byte outside RFC 3986's unreserved set and `/` percent-encoded.
export def Uri(buf: number): string
  var name = bufname(buf)
  if empty(name)
    return 'untitled:' .. buf
  endif
  var encoded = ''
  for code in str2list(fnamemodify(name, ':p'))
    for byte in Utf8Bytes(code)
      var c = nr2char(byte)
      encoded ..= byte < 0x80 && c =~ '[A-Za-z0-9_.~/-]' ? c : printf('%%%02X', byte)
    endfor
  endfor
  return 'file://' .. encoded
enddef

def Utf8Bytes(code: number): list<number>
  if code < 0x80
    return [code]
  elseif code < 0x800
    return [0xC0 + code / 64, 0x80 + code % 64]
  elseif code < 0x10000
    return [0xE0 + code / 4096, 0x80 + code / 64 % 64, 0x80 + code % 64]
  endif
  return [0xF0 + code / 262144, 0x80 + code / 4096 % 64, 0x80 + code / 64 % 64, 0x80 + code % 64]
enddef

def EndsInNewline(buf: number): bool
  return getbufvar(buf, '&endofline') || getbufvar(buf, '&fixendofline')
enddef

def Text(buf: number): string
  return join(getbufline(buf, 1, '$'), "\n") .. (EndsInNewline(buf) ? "\n" : '')
enddef

export def Attach(buf: number)
  if getbufvar(buf, 'gridls_attached', 0) || !Start()
    return
  endif
  setbufvar(buf, 'gridls_attached', 1)
  setbufvar(buf, 'gridls_version', 1)
  setbufvar(buf, 'gridls_lines', len(getbufline(buf, 1, '$')))
  ch_sendexpr(channel, {method: 'textDocument/didOpen', params: {textDocument: {
    uri: Uri(buf), languageId: getbufvar(buf, '&filetype'), version: 1, text: Text(buf)}}})
  setbufvar(buf, 'gridls_listener', listener_add(OnChanges, buf))
  execute 'augroup gridls_buffer_' .. buf
  autocmd!
  execute 'autocmd BufWritePre <buffer=' .. buf .. '> call gridls#vim#OnSave()'
  execute 'autocmd BufUnload <buffer=' .. buf .. '> call gridls#vim#Close(' .. buf .. ')'
  execute 'autocmd BufWinEnter <buffer=' .. buf .. '> call gridls#vim#KeepSignColumn(' .. buf .. ')'
  augroup END
enddef

# One didChange per batch of changes: the old lines from the first changed one to a bound on the last
# (each change's end, plus the lines deleted before it), replaced by what those lines are now.
def OnChanges(buf: number, start: number, end: number, added: number, changes: list<dict<any>>)
  if !getbufvar(buf, 'gridls_attached', 0) || !Running()
    return
  endif
  var oldCount: number = getbufvar(buf, 'gridls_lines')
  var top = start - 1
  var bottom = end - 1
  var deleted = 0
  for change in changes
    bottom = max([bottom, change.end - 1 + deleted])
    deleted += max([0, -change.added])
  endfor
  bottom = min([bottom, oldCount])
  var newCount = len(getbufline(buf, 1, '$'))
  var newBottom = bottom + newCount - oldCount
  var text = join(getbufline(buf, top + 1, newBottom), "\n")
  if newBottom > top && (newBottom < newCount || EndsInNewline(buf))
    text ..= "\n"
  endif
  var version: number = getbufvar(buf, 'gridls_version') + 1
  setbufvar(buf, 'gridls_version', version)
  setbufvar(buf, 'gridls_lines', newCount)
  ch_sendexpr(channel, {method: 'textDocument/didChange', params: {
    textDocument: {uri: Uri(buf), version: version},
    contentChanges: [{range: {start: {line: top, character: 0}, end: {line: bottom, character: 0}}, text: text}]}})
enddef

# Sends what changed since the last sync, before a request reads the server's copy.
def Sync(buf: number)
  if getbufvar(buf, 'gridls_attached', 0)
    listener_flush(buf)
  endif
enddef

export def Close(buf: number)
  if Running()
    ch_sendexpr(channel, {method: 'textDocument/didClose', params: {textDocument: {uri: Uri(buf)}}})
  endif
  if getbufvar(buf, 'gridls_listener', 0) > 0
    listener_remove(getbufvar(buf, 'gridls_listener'))
  endif
  setbufvar(buf, 'gridls_attached', 0)
enddef

def Attached(): bool
  var buf = bufnr('')
  if !getbufvar(buf, 'gridls_attached', 0)
    Warn('gridls is not running for this buffer')
    return false
  endif
  Sync(buf)
  return true
enddef

export def Format()
  if !Attached()
    return
  endif
  var edits = Request('textDocument/formatting', {textDocument: {uri: Uri(bufnr(''))},
    options: {tabSize: &tabstop, insertSpaces: !!&expandtab}})
  if type(edits) == v:t_list && !empty(edits)
    Apply(edits)
  endif
enddef

# On save: the safe fixes and formatting (source.fixAll.gridls) or formatting alone; nothing when format
# on save is off.
export def OnSave()
  if !g:gridls_format_on_save
    return
  endif
  if !get(g:, 'gridls_fix_on_save', 1) || !FixAll()
    Format()
  endif
enddef

# Applies the server's source.fixAll.gridls action: the fixes with one reading only, then formatting.
# False when the server offers none (nothing to change, or it could not answer).
export def FixAll(): bool
  if !Attached()
    return false
  endif
  var actions = Request('textDocument/codeAction', {textDocument: {uri: Uri(bufnr(''))},
    range: Range([1, 1], [1, 1]), context: {diagnostics: [], only: ['source.fixAll.gridls']}})
  if type(actions) != v:t_list
    return false
  endif
  for action in actions
    if get(action, 'kind', '') == 'source.fixAll.gridls' && has_key(action, 'edit')
      return ApplyWorkspaceEdit(action.edit)
    endif
  endfor
  return type(actions) == v:t_list
enddef

def Range(start: list<number>, end: list<number>): dict<any>
  return {start: {line: start[0] - 1, character: start[1] - 1}, end: {line: end[0] - 1, character: end[1] - 1}}
enddef

# The code actions at a selection given as [line, column] pairs (1-based, columns in bytes).
def Actions(start: list<number>, end: list<number>): list<dict<any>>
  if !Attached()
    return []
  endif
  var actions = Request('textDocument/codeAction', {textDocument: {uri: Uri(bufnr(''))},
    range: Range(start, end), context: {diagnostics: []}})
  return type(actions) == v:t_list ? actions : []
enddef

def Perform(given: dict<any>)
  if has_key(given, 'disabled')
    Warn(given.title .. ': ' .. given.disabled.reason)
    return
  endif
  var action = given
  if !has_key(action, 'edit') && has_key(action, 'data')
    # The edit is computed when the action is chosen, not when the menu is offered.
    var resolved = Request('codeAction/resolve', action)
    if type(resolved) != v:t_dict
      Warn(action.title .. ': the server did not resolve the action')
      return
    endif
    action = resolved
  endif
  ApplyWorkspaceEdit(get(action, 'edit', {}))
  # Where the server says the cursor goes: with the row or column moved, in the cell made.
  var position = get(get(action, 'data', {}), 'position', {})
  if !empty(position)
    cursor(position.line + 1, position.character + 1)
  endif
enddef

def ApplyWorkspaceEdit(edit: dict<any>): bool
  var uri = Uri(bufnr(''))
  var edits = copy(get(get(edit, 'changes', {}), uri, []))
  for change in get(edit, 'documentChanges', [])
    if change.textDocument.uri == uri
      edits += change.edits
    endif
  endfor
  Apply(edits)
  return true
enddef

export def Run(command: string, start: list<number>, end: list<number>)
  var matching = filter(Actions(start, end), (_, a) => get(get(a, 'data', {}), 'command', '') == command)
  if empty(matching)
    Warn(gridls#title(command) .. ' does not apply here')
    return
  endif
  Perform(matching[0])
enddef

export def Menu(start: list<number>, end: list<number>)
  var actions = Actions(start, end)
  if empty(actions)
    echomsg 'gridls: no table action here'
    return
  endif
  var choices = ['Table actions:']
  for i in range(len(actions))
    var action = actions[i]
    add(choices, (i + 1) .. '. ' .. action.title .. (has_key(action, 'disabled') ? '  (' .. action.disabled.reason .. ')' : ''))
  endfor
  var choice = inputlist(choices)
  if choice >= 1 && choice <= len(actions)
    Perform(actions[choice - 1])
  endif
enddef

# A command that gives back a result rather than an edit (copy as CSV), or whose workspace/applyEdit
# the server sends (insert table): the result, or null.
export def Execute(command: string, argument: dict<any>): any
  if !Attached()
    return null
  endif
  var full = extend({uri: Uri(bufnr(''))}, argument)
  return Request('workspace/executeCommand', {command: command, arguments: [full]})
enddef

export def ExecuteAt(command: string, start: list<number>, end: list<number>, extra: dict<any>): any
  return Execute(command, extend({range: Range(start, end)}, extra))
enddef

# The selection ranges at the cursor (textDocument/selectionRange), narrowest first, each as [[line,
# column], [line, column]] (1-based, bytes, the end after the range): for the cell text objects.
export def SelectionRanges(): list<list<list<number>>>
  if !Attached()
    return []
  endif
  var reply = Request('textDocument/selectionRange', {textDocument: {uri: Uri(bufnr(''))},
    positions: [{line: line('.') - 1, character: col('.') - 1}]})
  var ranges: list<list<list<number>>> = []
  var level: any = type(reply) == v:t_list && !empty(reply) ? reply[0] : {}
  while type(level) == v:t_dict && has_key(level, 'range')
    var r = level.range
    add(ranges, [[r.start.line + 1, r.start.character + 1], [r.end.line + 1, r.end.character + 1]])
    level = get(level, 'parent', {})
  endwhile
  return ranges
enddef

# The table keys: true when the server moved the cursor (the edits applied as their own undo step), false
# where the key keeps its usual meaning.
export def Navigate(direction: string): bool
  if !getbufvar(bufnr(''), 'gridls_attached', 0) || !Running()
    return false
  endif
  Sync(bufnr(''))
  var result = Request('gridls/navigateCell', {textDocument: {uri: Uri(bufnr(''))},
    position: {line: line('.') - 1, character: col('.') - 1}, direction: direction})
  if type(result) != v:t_dict
    return false
  endif
  if !empty(result.edits)
    &undolevels = &undolevels  # ends the undo step of what was typed before the key
    Apply(result.edits)
  endif
  cursor(result.position.line + 1, result.position.character + 1)
  &undolevels = &undolevels
  return true
enddef

# A `|` typed in insert mode: the table realigned (textDocument/onTypeFormatting) as an undo step of its
# own (the `|` stays with what was typed before it), the cursor right after that `|`.
export def Realign()
  if !getbufvar(bufnr(''), 'gridls_attached', 0) || !Running()
    return
  endif
  Sync(bufnr(''))
  var edits = Request('textDocument/onTypeFormatting', {textDocument: {uri: Uri(bufnr(''))},
    position: {line: line('.') - 1, character: col('.') - 1}, ch: '|',
    options: {tabSize: &tabstop, insertSpaces: !!&expandtab}})
  if type(edits) != v:t_list || empty(edits)
    return
  endif
  &undolevels = &undolevels
  var cursor = Apply(edits)
  cursor(cursor[0], cursor[1])
  &undolevels = &undolevels
enddef

# The server's own requests: workspace/applyEdit (from commands) is carried out on the current buffer.
def OnMessage(ch: channel, message: any)
  if type(message) != v:t_dict
    return
  endif
  if get(message, 'method', '') == 'workspace/applyEdit' && has_key(message, 'id')
    var applied = ApplyWorkspaceEdit(message.params.edit)
    ch_sendexpr(ch, {id: message.id, result: {applied: applied}})
    return
  endif
  if get(message, 'method', '') == 'textDocument/publishDiagnostics'
    PublishDiagnostics(message.params)
  elseif get(message, 'method', '') == 'gridls/tableRanges'
    var buf = BufferOf(message.params.textDocument.uri)
    if buf > 0
      gridls#keys#set_ranges(buf, message.params.ranges)
    endif
  endif
enddef

# The attached buffer of a URI, or 0.
def BufferOf(uri: string): number
  for buf in range(1, bufnr('$'))
    if bufexists(buf) && getbufvar(buf, 'gridls_attached', 0) && Uri(buf) == uri
      return buf
    endif
  endfor
  return 0
enddef

# Applies LSP text edits (UTF-8 positions) to the current buffer: the lines they touch are rebuilt in
# memory and put back in one replacement, one undo step. Vim keeps a final newline in 'endofline',
# not in a line: an edit reaching past the last line ends at its end. Returns where `cursor` ([line,
# column], 1-based, bytes) is carried (Carried).
def Apply(edits: list<dict<any>>, cursor: list<number> = [line('.'), col('.')]): list<number>
  if empty(edits)
    return cursor
  endif
  var last = line('$')
  var first = min(mapnew(edits, (_, e) => e.range.start.line))
  var final = min([max(mapnew(edits, (_, e) => e.range.end.line)), last - 1])
  var lines = getline(first + 1, final + 1)
  var text = join(lines, "\n")
  # Offsets into `text` of each line's start, to place (line, byte) positions.
  var starts = [0]
  for l in lines[: -2]
    add(starts, starts[-1] + len(l) + 1)
  endfor
  def Offset(position: dict<any>): number
    if position.line > final
      return len(text)
    endif
    var index = position.line - first
    return starts[index] + min([position.character, len(lines[index])])
  enddef
  # Every offset placed in the text as it was, then the edits applied from the last one back.
  var placed = mapnew(edits, (_, e) => [Offset(e.range.start), Offset(e.range.end),
    e.range.end.line > final && e.newText =~ "\n$" ? e.newText[: -2] : e.newText])
  sort(placed, (a, b) => b[0] - a[0])
  var inside = cursor[0] - 1 >= first && cursor[0] - 1 <= final
  var at = inside ? Offset({line: cursor[0] - 1, character: cursor[1] - 1}) : -1
  for [from, to, newText] in placed
    if inside
      at = Carried(at, from, strpart(text, from, to - from), newText)
    endif
    text = strpart(text, 0, from) .. newText .. strpart(text, to)
  endfor
  var new = split(text, "\n", true)
  var count = final - first + 1
  if len(new) >= count
    setline(first + 1, new[: count - 1])
    if len(new) > count
      append(first + count, new[count :])
    endif
  else
    setline(first + 1, new)
    deletebufline('', first + 1 + len(new), final + 1)
  endif
  if !inside
    return cursor[0] - 1 > final ? [cursor[0] + len(new) - count, cursor[1]] : cursor
  endif
  var above = split(strpart(text, 0, at), "\n", true)
  return [first + len(above), len(above[-1]) + 1]
enddef

# Where an offset `at` goes when `old`, from `from` on, becomes `new`: unmoved before it, shifted past it,
# and inside it (its end included: a realigned row is one edit, and the cursor after a `|` typed at its
# end) after as many `|` on its line of the new text as there were before it on its line of the old one
# (one more when the line gained its leading `|`).
def Carried(at: number, from: number, old: string, new: string): number
  if at <= from
    return at
  elseif at > from + len(old)
    return at + len(new) - len(old)
  endif
  var oldLines = split(strpart(old, 0, at - from), "\n", true)
  var newLines = split(new, "\n", true)
  var row = min([len(oldLines), len(newLines)]) - 1
  var before = oldLines[-1]
  var line = newLines[row]
  var rowStart = len(join(newLines[: row], "\n")) - len(line)
  var bars = count(before, '|')
  if bars == 0
    return from + rowStart + min([len(before), len(line)])
  endif
  var whole = split(old, "\n", true)[len(oldLines) - 1]
  bars += whole !~ '^\s*|' && line =~ '^\s*|' ? 1 : 0
  var column = 0
  for n in range(bars)
    var next = stridx(line, '|', column)
    if next < 0
      break
    endif
    column = next + 1
  endfor
  return from + rowStart + column
enddef

# Diagnostics: signs as they arrive (also while typing), the location list on request.
def PublishDiagnostics(params: dict<any>)
  diagnostics[params.uri] = params.diagnostics
  for buf in range(1, bufnr('$'))
    if bufexists(buf) && getbufvar(buf, 'gridls_attached', 0) && Uri(buf) == params.uri
      setbufvar(buf, 'gridls_diagnostics', params.diagnostics)
      PlaceSigns(buf, params.diagnostics)
    endif
  endfor
enddef

const signNames = {1: 'GridlsError', 2: 'GridlsWarning', 3: 'GridlsInformation', 4: 'GridlsHint'}

def PlaceSigns(buf: number, found: list<dict<any>>)
  if empty(sign_getdefined('GridlsError'))
    sign_define('GridlsError', {text: 'E>', texthl: 'ErrorMsg'})
    sign_define('GridlsWarning', {text: 'W>', texthl: 'WarningMsg'})
    sign_define('GridlsInformation', {text: 'I>', texthl: 'Question'})
    sign_define('GridlsHint', {text: 'H>', texthl: 'Comment'})
  endif
  sign_unplace('gridls', {buffer: buf})
  sign_placelist(mapnew(found, (_, d) => ({group: 'gridls', buffer: buf,
    lnum: d.range.start.line + 1, name: signNames[get(d, 'severity', 1)]})))
enddef

# The sign column stays open while the buffer holds a table, so that signs coming and going do not shift
# the text: where 'signcolumn' is "auto" (Vim's default; a value the user chose stays), it is set to
# g:gridls_signcolumn ("yes"; "number": in the number column where 'number' is set; "": left alone).
export def KeepSignColumn(buf: number)
  var wanted = get(g:, 'gridls_signcolumn', 'yes')
  var tables = !empty(getbufvar(buf, 'gridls_table_ranges', []))
  for win in empty(wanted) ? [] : win_findbuf(buf)
    var current = getwinvar(win, '&signcolumn')
    var set: dict<string> = getwinvar(win, 'gridls_signcolumn', {})  # buffer → the value gridls set
    if tables && current == 'auto'
      set[buf] = wanted == 'number' && getwinvar(win, '&number') ? 'number' : 'yes'
      setwinvar(win, '&signcolumn', set[buf])
    elseif !tables && get(set, buf, '') == current
      remove(set, buf)
      setwinvar(win, '&signcolumn', 'auto')
    endif
    setwinvar(win, 'gridls_signcolumn', set)
  endfor
enddef

export def Diagnostics()
  var buf = bufnr('')
  var items = mapnew(getbufvar(buf, 'gridls_diagnostics', []), (_, d) => ({bufnr: buf,
    lnum: d.range.start.line + 1, col: d.range.start.character + 1,
    type: get({1: 'E', 2: 'W', 3: 'I', 4: 'I'}, get(d, 'severity', 1), 'E'),
    text: d.message .. ' [' .. d.code .. ']'}))
  setloclist(0, items, 'r')
  if !empty(items)
    lopen
  endif
enddef

# The server's copy of a buffer's text (a debugging aid: the editor tests compare it with the buffer).
export def ServerText(buf: number): string
  Sync(buf)
  var state = Request('gridls/documentState', {textDocument: {uri: Uri(buf)}, includeText: true})
  return type(state) == v:t_dict ? state.text : ''
enddef

# The reader the server reads the buffer by (github, pandoc, docutils): for tests, as ServerText.
export def ServerReader(buf: number): string
  var state = Request('gridls/documentState', {textDocument: {uri: Uri(buf)}})
  return type(state) == v:t_dict ? get(state, 'reader', '') : ''
enddef
