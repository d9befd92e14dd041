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
  /** Answers from `answers[method]` (a function of the params), recording each request. */
  sendRequest(method, params) {
    (this.requests = this.requests || []).push([method, params]);
    const answer = (this.answers || {})[method];
    return Promise.resolve(answer ? answer(params) : null);
  }
}

module.exports = { LanguageClient, created };
