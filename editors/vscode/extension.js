'use strict';
// gridls for VS Code: starts the server for Markdown and reStructuredText, maps the settings, and makes
// every gridls.* command work from the palette and the context menu at the cursor or selection.
const fs = require('fs');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');
const lib = require('./lib');

let client = null;

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

async function activate(context) {
  const config = vscode.workspace.getConfiguration('gridls');
  const configuredPath = config.get('path', '');
  const command = lib.findServer({ configuredPath, env: process.env, platform: process.platform, isExecutable });
  if (!command) {
    const choice = await vscode.window.showErrorMessage(lib.missingServerMessage(configuredPath), 'Open Settings');
    if (choice === 'Open Settings') vscode.commands.executeCommand('workbench.action.openSettings', 'gridls.path');
    return null;
  }
  const serverOptions = { command, args: ['--stdio'] };
  const clientOptions = {
    documentSelector: [{ language: 'markdown' }, { language: 'restructuredtext' }],
    initializationOptions: lib.serverSettings((key, fallback) => config.get(key, fallback)),
    synchronize: { configurationSection: 'gridls' },
    middleware: {
      // From the palette or the context menu a command has no argument: give it the active selection.
      executeCommand: (name, args, next) => {
        const editor = vscode.window.activeTextEditor;
        if ((!args || args.length === 0) && editor) {
          args = [lib.commandArguments(editor.document.uri, editor.selection)];
        }
        return next(name, args);
      },
    },
  };
  client = new LanguageClient('gridls', 'gridls', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  await client.start();
  return client;
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
