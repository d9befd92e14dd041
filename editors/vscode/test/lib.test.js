'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('path');
const lib = require('../lib');

test('the configured path wins, with ~ expanded', () => {
  const found = lib.findServer({
    configuredPath: '~/bin/gridls', env: { HOME: '/home/ana', PATH: '/usr/bin' }, platform: 'linux',
    isExecutable: (file) => file === '/home/ana/bin/gridls' || file === '/usr/bin/gridls',
  });
  assert.strictEqual(found, '/home/ana/bin/gridls');
});

test('a configured path that is not executable is not replaced by PATH', () => {
  const found = lib.findServer({
    configuredPath: '/opt/missing', env: { PATH: '/usr/bin' }, platform: 'linux', isExecutable: (file) => file === '/usr/bin/gridls',
  });
  assert.strictEqual(found, null);
});

test('otherwise the first gridls on PATH', () => {
  const found = lib.findServer({
    configuredPath: '', env: { PATH: '/a::/b:/c' }, platform: 'linux',
    isExecutable: (file) => file === '/b/gridls' || file === '/c/gridls',
  });
  assert.strictEqual(found, '/b/gridls');
  assert.strictEqual(lib.findServer({ configuredPath: '', env: { PATH: '/a' }, platform: 'linux', isExecutable: () => false }), null);
});

test('on Windows, gridls.exe on Path', () => {
  const found = lib.findServer({
    configuredPath: '', env: { Path: 'C:\\tools;D:\\bin' }, platform: 'win32',
    isExecutable: (file) => file === path.join('D:\\bin', 'gridls.exe'),
  });
  assert.strictEqual(found, path.join('D:\\bin', 'gridls.exe'));
});

test('the missing-binary message says what to do', () => {
  assert.match(lib.missingServerMessage(''), /not found on PATH.*gridls\.path/);
  assert.match(lib.missingServerMessage('/x/gridls'), /"\/x\/gridls" \(setting gridls\.path\)/);
});

test('settings map to the server settings with their defaults', () => {
  const values = { ambiguousWidth: 2, maxWidth: 100, 'diagnostics.enable': false };
  const get = (key, fallback) => (key in values ? values[key] : fallback);
  assert.deepStrictEqual(lib.serverSettings(get), {
    formatOnSave: true, ambiguousWidth: 2, delimiterRow: 'padded', maxWidth: 100, diagnostics: { enable: false },
  });
});

test('the reader and the named directives are sent only when set, so .gridls.json decides otherwise', () => {
  const settings = (values) => lib.serverSettings((key, fallback) => (key in values ? values[key] : fallback));
  assert.strictEqual('reader' in settings({ reader: null }), false);
  assert.strictEqual('rstContentDirectives' in settings({ rstContentDirectives: null }), false);
  assert.strictEqual(settings({ reader: 'pandoc' }).reader, 'pandoc');
  assert.deepStrictEqual(settings({ rstContentDirectives: ['exercise'] }).rstContentDirectives, ['exercise']);
  assert.deepStrictEqual(settings({ rstContentDirectives: [] }).rstContentDirectives, []);
});

test('a selection becomes the {uri, range} command argument', () => {
  const selection = { start: { line: 2, character: 3, extra: 1 }, end: { line: 4, character: 0 } };
  assert.deepStrictEqual(lib.commandArguments('file:///a.md', selection), {
    uri: 'file:///a.md', range: { start: { line: 2, character: 3 }, end: { line: 4, character: 0 } },
  });
});

test('a table size reads as rows × columns', () => {
  assert.deepStrictEqual(lib.parseTableSize('3x4'), { rows: 3, columns: 4 });
  assert.deepStrictEqual(lib.parseTableSize(' 2 × 5 '), { rows: 2, columns: 5 });
  for (const bad of ['', '3', '0x2', 'x4', '3x4x5', undefined]) assert.strictEqual(lib.parseTableSize(bad), null);
});

/** A key context with a server that knows `tables` (line spans) and a schedule run by hand. */
function keyContext(tables) {
  const requests = [], contexts = [], timers = [];
  const keys = lib.createKeyContext({
    requestSymbols: (uri) => {
      requests.push(uri);
      return Promise.resolve(tables.map(([start, end]) => ({ range: { start: { line: start, character: 0 }, end: { line: end, character: 3 } } })));
    },
    setContext: (on) => contexts.push(on),
    schedule: (fn) => timers.push(fn),
  });
  const runTimers = async () => { while (timers.length) await timers.shift()(); };
  return { keys, requests, contexts, runTimers };
}

test('the context key follows the cursor into and out of tables, asking once per document version', async () => {
  const { keys, requests, contexts, runTimers } = keyContext([[2, 4], [10, 12]]);
  const at = (line, version = 1, lineText = 'text') => ({ uri: 'file:///a.md', version, line, lineText, languageId: 'markdown' });
  keys.cursorMoved(at(0));
  await runTimers();
  for (const line of [3, 4, 5, 11, 11, 13, 2]) keys.cursorMoved(at(line));
  await runTimers();
  assert.deepStrictEqual(requests, ['file:///a.md']);  // cursor moves in an unchanged document ask nothing
  assert.deepStrictEqual(contexts, [false, true, false, true, false, true]);
  // A change asks again, once for a burst of changes.
  keys.documentChanged('file:///a.md', 2);
  keys.documentChanged('file:///a.md', 3);
  await runTimers();
  assert.strictEqual(requests.length, 2);
});

test('on a Markdown line starting with | the keys apply (Tab begins a table there)', async () => {
  const { keys, contexts, runTimers } = keyContext([]);
  keys.cursorMoved({ uri: 'file:///b.md', version: 1, line: 0, lineText: '| Name | Age', languageId: 'markdown' });
  await runTimers();
  keys.cursorMoved({ uri: 'file:///b.rst', version: 1, line: 0, lineText: '| Name | Age', languageId: 'restructuredtext' });
  await runTimers();
  keys.cursorMoved({ uri: 'file:///c.qmd', version: 1, line: 0, lineText: '| Name | Age', languageId: 'quarto' });
  await runTimers();
  keys.cursorMoved({ uri: 'file:///d.py', version: 1, line: 0, lineText: '| Name | Age', languageId: 'python' });
  await runTimers();
  keys.cursorMoved({ uri: 'file:///e.Rmd', version: 1, line: 0, lineText: '| Name | Age', languageId: 'rmd' });
  await runTimers();
  assert.deepStrictEqual(contexts, [true, false, true, false, true]);
});

test('a table key applies the server edits then moves the cursor, or falls back to the key', async () => {
  const key = lib.KEY_COMMANDS.find((k) => k.id === 'gridls.nextCell');
  const done = [];
  const ui = (answer) => ({
    sendRequest: (method, params) => { done.push(['request', method, params.direction]); return Promise.resolve(answer); },
    applyEdits: (edits) => { done.push(['edits', edits.length]); return Promise.resolve(true); },
    setCursor: (p) => done.push(['cursor', p.line, p.character]),
    run: (...command) => done.push(['run', ...command]),
  });
  const edit = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, newText: '| a |' };
  await lib.navigateCell(key, { uri: 'file:///t.md' }, { line: 0, character: 2 }, ui({ edits: [edit], position: { line: 2, character: 2 } }));
  await lib.navigateCell(key, { uri: 'file:///t.md' }, { line: 9, character: 0 }, ui(null));
  const enter = lib.KEY_COMMANDS.find((k) => k.id === 'gridls.nextRow');
  await lib.navigateCell(enter, { uri: 'file:///t.md' }, { line: 9, character: 0 }, ui(null));
  assert.deepStrictEqual(done, [
    ['request', 'gridls/navigateCell', 'nextCell'], ['edits', 1], ['cursor', 2, 2],
    ['request', 'gridls/navigateCell', 'nextCell'], ['run', 'tab'],
    ['request', 'gridls/navigateCell', 'nextRow'], ['run', 'type', { text: '\n' }],
  ]);
});

test('insert table asks the size and moves into the first cell; copy as CSV fills the clipboard', async () => {
  const seen = [];
  const ui = {
    selectionArgument: () => ({ uri: 'file:///t.md', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } } }),
    askSize: () => Promise.resolve('2x3'),
    setCursor: (p) => seen.push(['cursor', p]),
    copy: (text) => { seen.push(['copy', text]); return Promise.resolve(); },
    inform: (message) => seen.push(['inform', message]),
  };
  const next = (name, args) => {
    seen.push([name, args[0]]);
    return Promise.resolve(name === 'gridls.insertTable' ? { applied: true, position: { line: 3, character: 2 } } : { csv: 'a,b\n1,2\n' });
  };
  await lib.runCommand('gridls.insertTable', [], next, ui);
  await lib.runCommand('gridls.copyTableAsCSV', [], next, ui);
  assert.deepStrictEqual(seen, [
    ['gridls.insertTable', { uri: 'file:///t.md', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, rows: 2, columns: 3 }],
    ['cursor', { line: 3, character: 2 }],
    ['gridls.copyTableAsCSV', { uri: 'file:///t.md', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } } }],
    ['copy', 'a,b\n1,2\n'],
    ['inform', 'gridls: copied 2 rows as CSV'],
  ]);
  // Any command's answer that says where the cursor goes moves it; one that was not applied does not.
  seen.length = 0;
  const moved = { applied: true, position: { line: 4, character: 2 } };
  await lib.runCommand('gridls.moveRowDown', [], () => Promise.resolve(moved), ui);
  await lib.runCommand('gridls.moveRowDown', [], () => Promise.resolve({ applied: false, position: { line: 9, character: 0 } }), ui);
  assert.deepStrictEqual(seen, [['cursor', { line: 4, character: 2 }]]);
  // A size that does not read runs nothing.
  const none = await lib.runCommand('gridls.insertTable', [], () => { throw new Error('ran'); }, { ...ui, askSize: () => Promise.resolve('lots') });
  assert.strictEqual(none, undefined);
});

test('a resolved action with a cursor position gets the command that moves the cursor there', () => {
  const position = { line: 1, character: 2 };
  assert.deepStrictEqual(lib.followResolved({ title: 'Move row down', data: { position } }).command,
    { command: lib.MOVE_CURSOR, title: 'Move the cursor', arguments: [position] });
  // No position, or a command of its own: left as it is.
  assert.strictEqual(lib.followResolved({ title: 'Split cell', data: {} }).command, undefined);
  const own = { command: 'gridls.applyFix', title: 'Fix' };
  assert.strictEqual(lib.followResolved({ title: 'Fix', command: own, data: { position } }).command, own);
  assert.strictEqual(lib.followResolved(null), null);
});
