'use strict';
// gridls for VS Code: starts the server for Markdown (Quarto and R Markdown too) and reStructuredText, maps the settings, and makes
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
    documentSelector: lib.documentSelector(),
    initializationOptions: lib.serverSettings((key, fallback) => config.get(key, fallback)),
    synchronize: { configurationSection: 'gridls' },
    middleware: {
      // From the palette or the context menu a command has no argument: give it the active selection.
      executeCommand: (name, args, next) => lib.runCommand(name, args, next, commandUI()),
      // A resolved action's edit is applied by VS Code; the cursor then goes where the server says.
      resolveCodeAction: async (item, token, next) => lib.followResolved(await next(item, token)),
    },
  };
  client = new LanguageClient('gridls', 'gridls', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  await client.start();
  context.subscriptions.push(vscode.commands.registerCommand(lib.MOVE_CURSOR, (p) => setCursor(vscode.window.activeTextEditor, p)));
  registerTableKeys(context, client);
  return client;
}

function commandUI() {
  const editor = vscode.window.activeTextEditor;
  return {
    selectionArgument: () => (editor ? lib.commandArguments(editor.document.uri, editor.selection) : null),
    askSize: () => vscode.window.showInputBox({ prompt: 'Rows (with the header) × columns', value: '3x3' }),
    setCursor: (p) => setCursor(editor, p),
    copy: (text) => vscode.env.clipboard.writeText(text),
    inform: (message) => vscode.window.showInformationMessage(message),
  };
}

function setCursor(editor, p) {
  if (!editor) return;
  const position = new vscode.Position(p.line, p.character);
  editor.selection = new vscode.Selection(position, position);
}

/** Tab, Shift+Tab and Enter in tables (package.json binds them when `gridls.inTable` is set). */
function registerTableKeys(context, languageClient) {
  const keys = lib.createKeyContext({
    requestSymbols: (uri) => languageClient.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }),
    setContext: (on) => vscode.commands.executeCommand('setContext', lib.CONTEXT_KEY, on),
    schedule: (fn, ms) => setTimeout(fn, ms),
  });
  const cursorOf = (editor) => editor && {
    uri: editor.document.uri.toString(), version: editor.document.version, line: editor.selection.active.line,
    lineText: editor.document.lineAt(editor.selection.active.line).text, languageId: editor.document.languageId,
  };
  context.subscriptions.push(
    vscode.window.onDidChangeTextEditorSelection((e) => keys.cursorMoved(cursorOf(e.textEditor))),
    vscode.window.onDidChangeActiveTextEditor((editor) => editor && keys.cursorMoved(cursorOf(editor))),
    vscode.workspace.onDidChangeTextDocument((e) => keys.documentChanged(e.document.uri.toString(), e.document.version)),
    vscode.workspace.onDidCloseTextDocument((document) => keys.closed(document.uri.toString())),
  );
  for (const key of lib.KEY_COMMANDS) {
    context.subscriptions.push(vscode.commands.registerCommand(key.id, () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) return vscode.commands.executeCommand(...key.fallback);
      const active = editor.selection.active;
      return lib.navigateCell(key, { uri: editor.document.uri.toString() }, { line: active.line, character: active.character }, {
        sendRequest: (method, params) => languageClient.sendRequest(method, params),
        applyEdits: (edits) => editor.edit((builder) => {
          for (const e of edits) {
            builder.replace(new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character), e.newText);
          }
        }, { undoStopBefore: true, undoStopAfter: true }),
        setCursor: (p) => setCursor(editor, p),
        run: (...command) => vscode.commands.executeCommand(...command),
      });
    }));
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
