'use strict';
// A stand-in for the vscode module: records what the extension asks of it.
const calls = { errors: [], executed: [] };
const settings = {};
let activeTextEditor = null;

module.exports = {
  calls,
  settings,
  setActiveEditor(editor) { activeTextEditor = editor; },
  workspace: {
    getConfiguration(section) {
      return { get: (key, fallback) => (Object.prototype.hasOwnProperty.call(settings, `${section}.${key}`) ? settings[`${section}.${key}`] : fallback) };
    },
  },
  window: {
    get activeTextEditor() { return activeTextEditor; },
    showErrorMessage(message, ...items) { calls.errors.push({ message, items }); return Promise.resolve(undefined); },
  },
  commands: {
    executeCommand(...args) { calls.executed.push(args); return Promise.resolve(); },
  },
};
