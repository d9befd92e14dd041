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
  ['gridls.convertToSimple', 'Convert to simple table'],
  ['gridls.convertToMultiline', 'Convert to multiline table'],
  ['gridls.convertToList', 'Convert to list-table'],
  ['gridls.fitTable', 'Fit table to the width limit'],
  ['gridls.unwrapCell', 'Unwrap cell'],
  ['gridls.linesToTable', 'Convert lines to table'],
  ['gridls.copyTableAsCSV', 'Copy table as CSV'],
  ['gridls.insertTable', 'Insert table'],
].map(([id, title]) => ({ id, title }));

/**
 * Server commands the palette does not show: their argument names something only a code action knows
 * (`gridls.applyFix` names a diagnostic and a fix). The language client runs them for code actions.
 */
const ACTION_ONLY_COMMANDS = ['gridls.applyFix'];

/**
 * The table keys: the extension's own commands, each a `gridls/navigateCell` direction, and what the key
 * does where the server says "not in a table" (the command VS Code binds to the key by default).
 */
const KEY_COMMANDS = [
  { id: 'gridls.nextCell', title: 'Next table cell', direction: 'nextCell', key: 'tab', fallback: ['tab'] },
  { id: 'gridls.previousCell', title: 'Previous table cell', direction: 'previousCell', key: 'shift+tab', fallback: ['outdent'] },
  { id: 'gridls.nextRow', title: 'Next table row', direction: 'nextRow', key: 'enter', fallback: ['type', { text: '\n' }] },
];

/** The context key the keybindings' `when` clauses read: true while the cursor is where the keys apply. */
const CONTEXT_KEY = 'gridls.inTable';

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

/**
 * The languages the server reads: Markdown as GitHub reads it, Quarto (`.qmd`) and R Markdown (`.Rmd`)
 * as pandoc reads them (the ids VS Code's Quarto and R extensions give them, which this extension also
 * contributes), reStructuredText as docutils reads it. The server picks the reader by the id; the
 * `gridls.reader` setting may pick another for Markdown.
 */
const MARKDOWN_LANGUAGES = ['markdown', 'quarto', 'rmd', 'rmarkdown'];
const LANGUAGES = MARKDOWN_LANGUAGES.concat(['restructuredtext']);

/** The language client's documentSelector: every language the server reads. */
function documentSelector() {
  return LANGUAGES.map((language) => ({ language }));
}

/** The server's settings (protocol/schemas/settings.schema.json) from the `gridls` configuration. */
function serverSettings(get) {
  const settings = {
    formatOnSave: get('formatOnSave', true),
    ambiguousWidth: get('ambiguousWidth', 1),
    delimiterRow: get('delimiterRow', 'padded'),
    maxWidth: get('maxWidth', null),
    diagnostics: { enable: get('diagnostics.enable', true) },
  };
  // Unset (null), these leave the choice to the project's .gridls.json and the document's language: no
  // key at all (the configuration VS Code sends on change carries them as null, which unsets them).
  const reader = get('reader', null);
  if (reader) settings.reader = reader;
  const directives = get('rstContentDirectives', null);
  if (directives) settings.rstContentDirectives = directives;
  return settings;
}

/** The `{uri, range}` argument every gridls.* command takes, from an editor's selection. */
function commandArguments(uri, selection) {
  const position = (p) => ({ line: p.line, character: p.character });
  return { uri: String(uri), range: { start: position(selection.start), end: position(selection.end) } };
}

/** "3x4", "3 × 4", "3*4": a table size of rows (the header among them) and columns; null otherwise. */
function parseTableSize(text) {
  const match = /^\s*(\d+)\s*[xX×*]\s*(\d+)\s*$/.exec(text || '');
  if (!match) return null;
  const rows = Number(match[1]), columns = Number(match[2]);
  return rows >= 1 && columns >= 1 ? { rows, columns } : null;
}

/** The line spans ({start, end}, inclusive, sorted) of the tables in a documentSymbol answer. */
function tableLineRanges(symbols) {
  return (symbols || []).map((s) => ({ start: s.range.start.line, end: s.range.end.line })).sort((a, b) => a.start - b.start);
}

function inRanges(ranges, line) {
  let low = 0, high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ranges[middle].end < line) low = middle + 1; else high = middle;
  }
  return low < ranges.length && ranges[low].start <= line;
}

/**
 * Keeps the context key current, cheaply: the server's table ranges are asked for (documentSymbol) only
 * when a document changed since they were last known, at most once per `delay` ms; a cursor move in an
 * unchanged document asks nothing. The keys apply in a table, or on a Markdown line starting with `|`
 * (where <Tab> begins a table).
 * `requestSymbols(uri)` → Promise of the answer; `setContext(bool)`; `schedule(fn, ms)` (setTimeout).
 */
function createKeyContext({ requestSymbols, setContext, schedule, delay = 100 }) {
  const known = new Map();  // uri → {version, ranges}
  const pending = new Set();
  let current;
  let cursor = null;

  function update() {
    const entry = cursor && known.get(cursor.uri);
    const begins = cursor && MARKDOWN_LANGUAGES.includes(cursor.languageId) && /^\s{0,3}\|/.test(cursor.lineText || '');
    const on = Boolean(cursor && (begins || (entry && inRanges(entry.ranges, cursor.line))));
    if (on !== current) {
      current = on;
      setContext(on);
    }
  }

  function refresh(uri, version) {
    if (pending.has(uri)) return;
    pending.add(uri);
    schedule(async () => {
      try {
        const symbols = await requestSymbols(uri);
        known.set(uri, { version, ranges: tableLineRanges(symbols) });
      } catch {
        // The server is not running or refused: the last known ranges stay.
      } finally {
        pending.delete(uri);
      }
      update();
    }, delay);
  }

  return {
    /** cursor: {uri, version, line, lineText, languageId} */
    cursorMoved(moved) {
      cursor = moved;
      const entry = known.get(moved.uri);
      if (!entry || entry.version !== moved.version) refresh(moved.uri, moved.version);
      update();
    },
    documentChanged(uri, version) {
      if (cursor && cursor.uri === uri) cursor = { ...cursor, version };
      refresh(uri, version);
    },
    closed(uri) { known.delete(uri); },
    get inTable() { return Boolean(current); },
  };
}

/**
 * A table key: asks the server, applies its edits (one undo step) and moves the cursor; where the server
 * answers null, runs the key's usual command. `ui`: {sendRequest(method, params), applyEdits(edits),
 * setCursor(position), run(command, ...args)}; positions and ranges stay in LSP form here.
 */
async function navigateCell(key, document, position, ui) {
  let result = null;
  try {
    result = await ui.sendRequest('gridls/navigateCell', { textDocument: { uri: document.uri }, position, direction: key.direction });
  } catch {
    result = null;
  }
  if (!result) return ui.run(...key.fallback);
  if (result.edits.length > 0) await ui.applyEdits(result.edits);
  return ui.setCursor(result.position);
}

/**
 * Runs a server command from the palette or the context menu: the active selection as its argument when
 * it has none; "Insert table" asks for the size; the cursor goes where the server says after the edit
 * (the row or column moved, the cell made); "Copy table as CSV" puts the answer on the clipboard. `ui`: {selectionArgument(), askSize(), setCursor(position),
 * copy(text), inform(message)}.
 */
async function runCommand(name, args, next, ui) {
  if (!args || args.length === 0) {
    const argument = ui.selectionArgument();
    args = argument ? [argument] : [];
  }
  if (name === 'gridls.insertTable' && args[0] && args[0].rows === undefined) {
    const size = parseTableSize(await ui.askSize());
    if (!size) return undefined;
    args = [{ ...args[0], ...size }];
  }
  const result = await next(name, args);
  if (result && result.applied && result.position) ui.setCursor(result.position);
  if (name === 'gridls.copyTableAsCSV' && result && typeof result.csv === 'string') {
    await ui.copy(result.csv);
    ui.inform(`gridls: copied ${result.csv.split('\n').length - 1} rows as CSV`);
  }
  return result;
}

/** The extension's own command that puts the cursor at an LSP position of the active editor. */
const MOVE_CURSOR = 'gridls.moveCursor';

/**
 * A code action resolved by the server: where its `data.position` says the cursor goes after its edit,
 * a command that puts it there (VS Code runs an action's command after applying its edit).
 */
function followResolved(action) {
  const position = action && action.data && action.data.position;
  if (!position || action.command) return action;
  action.command = { command: MOVE_CURSOR, title: 'Move the cursor', arguments: [position] };
  return action;
}

module.exports = {
  LANGUAGES,
  MARKDOWN_LANGUAGES,
  documentSelector,
  COMMANDS, ACTION_ONLY_COMMANDS, KEY_COMMANDS, CONTEXT_KEY, findServer, missingServerMessage, serverSettings, commandArguments,
  parseTableSize, tableLineRanges, createKeyContext, navigateCell, runCommand, MOVE_CURSOR, followResolved,
};
