'use strict';
// The extension's own logic, free of the vscode module so that Node's test runner can check it.
const path = require('path');

/** The commands the server offers (protocol/README.md), with the titles the palette shows. */
const COMMANDS = [
  ['gridls.formatTable', 'Format table'],
  ['gridls.insertRowAbove', 'Insert row above'],
  ['gridls.insertRowBelow', 'Insert row below'],
  ['gridls.insertColumnLeft', 'Insert column left'],
  ['gridls.insertColumnRight', 'Insert column right'],
  ['gridls.deleteRow', 'Delete row'],
  ['gridls.deleteColumn', 'Delete column'],
  ['gridls.moveRowUp', 'Move row up'],
  ['gridls.moveRowDown', 'Move row down'],
  ['gridls.moveColumnLeft', 'Move column left'],
  ['gridls.moveColumnRight', 'Move column right'],
  ['gridls.sortAscending', 'Sort by this column (ascending)'],
  ['gridls.sortDescending', 'Sort by this column (descending)'],
  ['gridls.mergeCells', 'Merge cells'],
  ['gridls.splitCell', 'Split cell'],
  ['gridls.convertToGrid', 'Convert to grid table'],
  ['gridls.convertToPipe', 'Convert to pipe table'],
].map(([id, title]) => ({ id, title }));

/**
 * Where the gridls binary is: the `gridls.path` setting (with ~ expanded) when set, else the first
 * `gridls` on PATH. `isExecutable(file)` answers for the file system; null when there is none.
 */
function findServer({ configuredPath, env, platform, isExecutable }) {
  const home = env.HOME || env.USERPROFILE || '';
  if (configuredPath && configuredPath.trim() !== '') {
    const expanded = configuredPath.trim().replace(/^~(?=$|[\\/])/, home);
    return isExecutable(expanded) ? expanded : null;
  }
  const separator = platform === 'win32' ? ';' : ':';
  const names = platform === 'win32' ? ['gridls.exe', 'gridls.cmd', 'gridls'] : ['gridls'];
  for (const folder of (env.PATH || env.Path || '').split(separator)) {
    if (!folder) continue;
    for (const name of names) {
      const candidate = path.join(folder, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/** The message shown when no binary is found, naming what was looked for. */
function missingServerMessage(configuredPath) {
  return configuredPath && configuredPath.trim() !== ''
    ? `gridls: the server "${configuredPath}" (setting gridls.path) was not found or is not executable.`
    : 'gridls: the gridls server was not found on PATH. Install it (swift build -c release) or set gridls.path.';
}

/** The server's settings (protocol/schemas/settings.schema.json) from the `gridls` configuration. */
function serverSettings(get) {
  return {
    formatOnSave: get('formatOnSave', true),
    ambiguousWidth: get('ambiguousWidth', 1),
    delimiterRow: get('delimiterRow', 'padded'),
    diagnostics: { enable: get('diagnostics.enable', true) },
  };
}

/** The `{uri, range}` argument every gridls.* command takes, from an editor's selection. */
function commandArguments(uri, selection) {
  const position = (p) => ({ line: p.line, character: p.character });
  return { uri: String(uri), range: { start: position(selection.start), end: position(selection.end) } };
}

module.exports = { COMMANDS, findServer, missingServerMessage, serverSettings, commandArguments };
