'use strict';
// Routes require('vscode') and require('vscode-languageclient/node') to the stand-ins in fakes/.
const Module = require('module');
const path = require('path');
const replacements = {
  vscode: path.join(__dirname, 'fakes', 'vscode.js'),
  'vscode-languageclient/node': path.join(__dirname, 'fakes', 'languageclient.js'),
};
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return replacements[request] || original.call(this, request, ...rest);
};
module.exports = { vscode: require('vscode'), languageclient: require('vscode-languageclient/node') };
