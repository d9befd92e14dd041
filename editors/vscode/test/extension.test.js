'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { vscode, languageclient } = require('./stand-ins');
const extension = require('../extension');

function fakeBinary() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gridls-vscode-'));
  const binary = path.join(folder, 'gridls');
  fs.writeFileSync(binary, '#!/bin/sh\n');
  fs.chmodSync(binary, 0o755);
  return binary;
}

test('activation starts the server for Markdown, Quarto, R Markdown and reStructuredText with the mapped settings', async () => {
  const binary = fakeBinary();
  vscode.settings['gridls.path'] = binary;
  vscode.settings['gridls.delimiterRow'] = 'compact';
  const context = { subscriptions: [] };
  const client = await extension.activate(context);
  assert.ok(client.started);
  assert.deepStrictEqual(client.serverOptions, { command: binary, args: ['--stdio'] });
  assert.deepStrictEqual(client.clientOptions.documentSelector, [
    { language: 'markdown' }, { language: 'quarto' }, { language: 'rmd' }, { language: 'rmarkdown' }, { language: 'restructuredtext' },
  ]);
  assert.strictEqual(client.clientOptions.initializationOptions.delimiterRow, 'compact');
  assert.strictEqual(client.clientOptions.synchronize.configurationSection, 'gridls');
  // The client, the cursor mover, four listeners that keep the table keys' context current, and the
  // three keys.
  assert.strictEqual(context.subscriptions.length, 9);
  await extension.deactivate();
  assert.ok(client.stopped);
});

test('a command from the palette gets the active selection as its argument', async () => {
  vscode.settings['gridls.path'] = fakeBinary();
  const client = await extension.activate({ subscriptions: [] });
  vscode.setActiveEditor({ document: { uri: 'file:///t.md' }, selection: { start: { line: 1, character: 2 }, end: { line: 3, character: 4 } } });
  let forwarded = null;
  await client.clientOptions.middleware.executeCommand('gridls.mergeCells', [], (name, args) => { forwarded = [name, args]; });
  assert.deepStrictEqual(forwarded, ['gridls.mergeCells', [{ uri: 'file:///t.md', range: { start: { line: 1, character: 2 }, end: { line: 3, character: 4 } } }]]);
  // Arguments given by a code action are passed through untouched.
  await client.clientOptions.middleware.executeCommand('gridls.splitCell', [{ uri: 'x' }], (name, args) => { forwarded = [name, args]; });
  assert.deepStrictEqual(forwarded, ['gridls.splitCell', [{ uri: 'x' }]]);
});

test('a missing binary is reported clearly and nothing starts', async () => {
  vscode.settings['gridls.path'] = '/nonexistent/gridls';
  const before = languageclient.created.length;
  const result = await extension.activate({ subscriptions: [] });
  assert.strictEqual(result, null);
  assert.strictEqual(languageclient.created.length, before);
  const last = vscode.calls.errors[vscode.calls.errors.length - 1];
  assert.match(last.message, /"\/nonexistent\/gridls" \(setting gridls\.path\) was not found/);
  assert.deepStrictEqual(last.items, ['Open Settings']);
});

test('activation registers the table keys, which ask the server and apply its answer', async () => {
  vscode.settings['gridls.path'] = fakeBinary();
  const client = await extension.activate({ subscriptions: [] });
  assert.deepStrictEqual([...vscode.calls.registered.keys()].filter((id) => id.startsWith('gridls.')).sort(),
    ['gridls.moveCursor', 'gridls.nextCell', 'gridls.nextRow', 'gridls.previousCell']);
  const edits = [];
  vscode.setActiveEditor({
    document: { uri: 'file:///k.md', version: 1, languageId: 'markdown', lineAt: () => ({ text: '| a |' }) },
    selection: { active: { line: 0, character: 2 } },
    edit: (build, options) => { build({ replace: (range, text) => edits.push([range.start.line, text, options.undoStopBefore]) }); return Promise.resolve(true); },
  });
  client.answers = { 'gridls/navigateCell': () => ({ edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } }, newText: '| a   |' }], position: { line: 2, character: 2 } }) };
  await vscode.calls.registered.get('gridls.nextCell')();
  assert.deepStrictEqual(edits, [[0, '| a   |', true]]);
  assert.deepStrictEqual(vscode.window.activeTextEditor.selection.active, new vscode.Position(2, 2));
});

test('a resolved action moves the cursor where the server says, after VS Code applies its edit', async () => {
  vscode.settings['gridls.path'] = fakeBinary();
  const client = await extension.activate({ subscriptions: [] });
  const resolved = await client.clientOptions.middleware.resolveCodeAction({ title: 'Move row down' }, null,
    (item) => Promise.resolve({ ...item, edit: {}, data: { command: 'gridls.moveRowDown', position: { line: 4, character: 2 } } }));
  assert.deepStrictEqual(resolved.command, { command: 'gridls.moveCursor', title: 'Move the cursor', arguments: [{ line: 4, character: 2 }] });
  vscode.setActiveEditor({ document: { uri: 'file:///m.md' }, selection: null });
  await vscode.calls.registered.get(resolved.command.command)(...resolved.command.arguments);
  assert.deepStrictEqual(vscode.window.activeTextEditor.selection.active, new vscode.Position(4, 2));
});
