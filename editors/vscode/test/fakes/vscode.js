'use strict';
// A stand-in for the vscode module: records what the extension asks of it.
const calls = { errors: [], executed: [], registered: new Map(), listeners: {}, clipboard: [], information: [] };
const settings = {};
let activeTextEditor = null;

function event(name) {
  return (listener) => {
    (calls.listeners[name] = calls.listeners[name] || []).push(listener);
    return { dispose() {} };
  };
}

class Position { constructor(line, character) { Object.assign(this, { line, character }); } }
class Selection { constructor(anchor, active) { Object.assign(this, { anchor, active, start: anchor, end: active }); } }
class Range {
  constructor(startLine, startCharacter, endLine, endCharacter) {
    Object.assign(this, { start: new Position(startLine, startCharacter), end: new Position(endLine, endCharacter) });
  }
}

module.exports = {
  calls,
  settings,
  Position,
  Selection,
  Range,
  setActiveEditor(editor) { activeTextEditor = editor; },
  fire(name, value) { for (const listener of calls.listeners[name] || []) listener(value); },
  workspace: {
    getConfiguration(section) {
      return { get: (key, fallback) => (Object.prototype.hasOwnProperty.call(settings, `${section}.${key}`) ? settings[`${section}.${key}`] : fallback) };
    },
    onDidChangeTextDocument: event('changeTextDocument'),
    onDidCloseTextDocument: event('closeTextDocument'),
  },
  window: {
    get activeTextEditor() { return activeTextEditor; },
    showErrorMessage(message, ...items) { calls.errors.push({ message, items }); return Promise.resolve(undefined); },
    showInformationMessage(message) { calls.information.push(message); return Promise.resolve(undefined); },
    showInputBox() { return Promise.resolve(calls.nextInput); },
    onDidChangeTextEditorSelection: event('changeSelection'),
    onDidChangeActiveTextEditor: event('changeActiveEditor'),
  },
  env: { clipboard: { writeText(text) { calls.clipboard.push(text); return Promise.resolve(); } } },
  commands: {
    executeCommand(...args) { calls.executed.push(args); return Promise.resolve(); },
    registerCommand(id, handler) { calls.registered.set(id, handler); return { dispose() {} }; },
  },
};
