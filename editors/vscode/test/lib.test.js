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
  const values = { ambiguousWidth: 2, 'diagnostics.enable': false };
  const get = (key, fallback) => (key in values ? values[key] : fallback);
  assert.deepStrictEqual(lib.serverSettings(get), {
    formatOnSave: true, ambiguousWidth: 2, delimiterRow: 'padded', diagnostics: { enable: false },
  });
});

test('a selection becomes the {uri, range} command argument', () => {
  const selection = { start: { line: 2, character: 3, extra: 1 }, end: { line: 4, character: 0 } };
  assert.deepStrictEqual(lib.commandArguments('file:///a.md', selection), {
    uri: 'file:///a.md', range: { start: { line: 2, character: 3 }, end: { line: 4, character: 0 } },
  });
});
