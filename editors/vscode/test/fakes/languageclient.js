'use strict';
// A stand-in for vscode-languageclient/node: keeps the options the extension passed.
const created = [];

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions, started: false, stopped: false });
    created.push(this);
  }
  start() { this.started = true; return Promise.resolve(); }
  stop() { this.stopped = true; return Promise.resolve(); }
}

module.exports = { LanguageClient, created };
