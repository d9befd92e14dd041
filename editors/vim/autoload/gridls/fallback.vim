" What a table key does in Vim where the server says "not in a table": what it did before gridls mapped
" it in the buffer (Neovim's counterpart is lua/gridls/fallback.lua).

" The mappings the table keys shadow in buffer `buf` (the current one), by direction: maparg()'s dicts.
function! gridls#fallback#save(buf, keys) abort
  let l:saved = {}
  for [l:direction, l:key] in items(a:keys)
    let l:map = maparg(l:key, 'i', 0, 1)
    if !empty(l:map) && get(l:map, 'rhs', '') !~# '(gridls-'
      let l:saved[l:direction] = l:map
    endif
  endfor
  call setbufvar(a:buf, 'gridls_saved_keys', l:saved)
endfunction

" Does what `key` (in <> notation) did: its mapping (an expression or keys, <SID> ones among them), or
" the key itself.
function! gridls#fallback#run(direction, key) abort
  let l:key = s:keycodes(a:key)
  let l:saved = get(get(b:, 'gridls_saved_keys', {}), a:direction, {})
  if empty(get(l:saved, 'rhs', ''))
    return feedkeys(l:key, 'ni')
  endif
  " A script's own functions in the mapping, as its script names them.
  let l:rhs = substitute(l:saved.rhs, '\c<SID>', '<SNR>' . get(l:saved, 'sid', 0) . '_', 'g')
  let l:keys = get(l:saved, 'expr', 0) ? s:evaluate(l:rhs, l:saved) : s:keycodes(l:rhs)
  call s:feed(l:keys, !get(l:saved, 'noremap', 0), l:key)
endfunction

" An <expr> mapping's keys, its expression read as its script reads it (Vim9 script or legacy).
function! s:evaluate(rhs, map) abort
  if get(a:map, 'scriptversion', 1) == 999999
    execute 'vim9cmd g:gridls_evaluated = ' . a:rhs
    return remove(g:, 'gridls_evaluated')
  endif
  return eval(a:rhs)
endfunction

" Feeds a mapping's keys; remapped, their start is not the key itself again (as Vim does for a mapping
" whose {rhs} starts with its {lhs}), which would come back here.
function! s:feed(keys, remap, key) abort
  if a:remap && stridx(a:keys, a:key) == 0
    call feedkeys(a:keys[len(a:key):], 'mi')
    call feedkeys(a:key, 'ni')
  else
    call feedkeys(a:keys, (a:remap ? 'm' : 'n') . 'i')
  endif
endfunction

" `<Tab>`, `<SNR>` and other <> notation (as maparg gives a mapping) as the keys they stand for.
function! s:keycodes(notation) abort
  return substitute(a:notation, '<[^<>"\\ ]\+>', '\=s:keycode(submatch(0))', 'g')
endfunction

function! s:keycode(notation) abort
  try
    return eval('"\' . a:notation . '"')
  catch
    return a:notation
  endtry
endfunction

