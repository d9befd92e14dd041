'use strict';
// Every command the extension contributes is one the server offers and protocol/ documents.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const lib = require('../lib');

const root = path.join(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));

/** The server's executeCommandProvider list, from the recorded initialize answer the Swift tests replay. */
function serverCommands() {
  const lines = fs.readFileSync(path.join(root, 'protocol', 'examples', 'lifecycle.jsonl'), 'utf8').trim().split('\n');
  for (const line of lines) {
    const entry = JSON.parse(line);
    const capabilities = entry.message.result && entry.message.result.capabilities;
    if (capabilities) return capabilities.executeCommandProvider.commands;
  }
  throw new Error('no initialize result in protocol/examples/lifecycle.jsonl');
}

test('the contributed commands are the server commands and the table keys, with the same titles as lib', () => {
  const contributed = manifest.contributes.commands.map((c) => c.command);
  const palette = serverCommands().filter((id) => !lib.ACTION_ONLY_COMMANDS.includes(id));
  assert.deepStrictEqual(contributed, palette.concat(lib.KEY_COMMANDS.map((k) => k.id)));
  for (const id of lib.ACTION_ONLY_COMMANDS) assert.ok(serverCommands().includes(id), `${id} is not a server command`);
  assert.deepStrictEqual(manifest.contributes.commands.map((c) => [c.command, c.title]),
    lib.COMMANDS.concat(lib.KEY_COMMANDS).map((c) => [c.id, c.title]));
});

test('the table keys are bound only where the context key says, never over suggestions or snippets', () => {
  const bindings = manifest.contributes.keybindings;
  assert.deepStrictEqual(bindings.map((b) => [b.command, b.key]), lib.KEY_COMMANDS.map((k) => [k.id, k.key]));
  for (const binding of bindings) {
    for (const clause of [lib.CONTEXT_KEY, 'config.gridls.tableKeys', '!suggestWidgetVisible', '!inSnippetMode', '!inlineSuggestionVisible']) {
      assert.ok(binding.when.split(' && ').includes(clause), `${binding.key}: ${clause} is missing from ${binding.when}`);
    }
  }
});

test('protocol/README.md documents every command', () => {
  const readme = fs.readFileSync(path.join(root, 'protocol', 'README.md'), 'utf8');
  for (const id of lib.COMMANDS.map((c) => c.id).concat(lib.ACTION_ONLY_COMMANDS)) assert.ok(readme.includes('`' + id + '`'), `${id} is not in protocol/README.md`);
});

test('every contributed setting is a server setting, the binary path or the table keys switch', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, 'protocol', 'schemas', 'settings.schema.json'), 'utf8'));
  for (const key of Object.keys(manifest.contributes.configuration.properties)) {
    const name = key.replace(/^gridls\./, '');
    if (name === 'path' || name === 'tableKeys') continue;  // the extension's own
    const top = name.split('.')[0];
    assert.ok(top in schema.properties, `${key} is not a server setting`);
  }
});

test('the context menu offers every command, and dependencies are pinned', () => {
  const inMenu = manifest.contributes.menus['gridls.table'].map((m) => m.command).sort();
  assert.deepStrictEqual(inMenu, lib.COMMANDS.map((c) => c.id).sort());
  for (const version of Object.values(manifest.dependencies)) assert.match(version, /^\d+\.\d+\.\d+$/);
});

test('the extension starts, and offers its menus, for every language the server reads', () => {
  assert.deepStrictEqual(manifest.activationEvents, lib.LANGUAGES.map((id) => `onLanguage:${id}`));
  const when = lib.LANGUAGES.map((id) => `editorLangId == ${id}`).join(' || ');
  assert.strictEqual(manifest.contributes.menus['editor/context'][0].when, when);
  for (const entry of manifest.contributes.menus.commandPalette) assert.strictEqual(entry.when, when);
  // Quarto's and R Markdown's files have their language without the Quarto or R extension too.
  assert.deepStrictEqual(manifest.contributes.languages.map((l) => [l.id, l.extensions]), [['quarto', ['.qmd']], ['rmd', ['.Rmd', '.rmd']]]);
  // The languageIds protocol/README.md says the server reads as pandoc's Markdown.
  const readme = fs.readFileSync(path.join(root, 'protocol', 'README.md'), 'utf8');
  for (const id of lib.LANGUAGES) assert.ok(readme.includes('`' + id + '`'), `languageId ${id} is not in protocol/README.md`);
});
