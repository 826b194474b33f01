// Evaluated in every QuickJS runtime before the server bundle. QuickJS has no console, timers or
// microtask helper of its own; React's server renderer only needs these to exist.
(function () {
  var messages = [];
  function record(level) {
    return function () {
      messages.push(level + ": " + Array.prototype.map.call(arguments, String).join(" "));
    };
  }
  globalThis.console = {
    log: record("log"), info: record("info"), debug: record("debug"),
    warn: record("warn"), error: record("error"),
  };
  globalThis.__takeConsoleMessages = function () { return messages.splice(0); };
  globalThis.queueMicrotask = globalThis.queueMicrotask || function (fn) { Promise.resolve().then(fn); };
  globalThis.setTimeout = globalThis.setTimeout || function () { return 0; };
  globalThis.clearTimeout = globalThis.clearTimeout || function () {};
})();
