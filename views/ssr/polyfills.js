// Polyfills the server bundle needs inside goja, which has no browser or Node
// globals. Injected first into the server bundle only. Timers queue their
// callbacks; the Go side drains them after each render (__soukDrainTimers).
var g = globalThis;

if (typeof g.console === "undefined") {
  var log = function (level) {
    return function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(String(arguments[i]));
      if (typeof g.__soukLog === "function") g.__soukLog(level, parts.join(" "));
    };
  };
  g.console = { log: log("info"), info: log("info"), debug: log("debug"), warn: log("warn"), error: log("error") };
}

if (typeof g.TextEncoder === "undefined") {
  var TextEncoderPolyfill = function () {};
  TextEncoderPolyfill.prototype.encoding = "utf-8";
  TextEncoderPolyfill.prototype.encode = function (str) {
    str = str === undefined ? "" : String(str);
    var out = [];
    for (var i = 0; i < str.length; i++) {
      var c = str.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length) {
        var d = str.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else c = 0xfffd;
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  };
  TextEncoderPolyfill.prototype.encodeInto = function (str, dest) {
    var bytes = this.encode(str);
    var n = Math.min(bytes.length, dest.length);
    dest.set(bytes.subarray(0, n));
    return { read: str.length, written: n };
  };
  g.TextEncoder = TextEncoderPolyfill;
}

var timers = [];
var nextTimer = 1;
if (typeof g.setTimeout === "undefined") {
  g.setTimeout = function (fn, ms) {
    var args = Array.prototype.slice.call(arguments, 2);
    var id = nextTimer++;
    timers.push({ id: id, at: ms || 0, fn: fn, args: args });
    return id;
  };
  g.clearTimeout = function (id) {
    for (var i = 0; i < timers.length; i++) if (timers[i].id === id) timers.splice(i, 1);
  };
  g.setImmediate = function (fn) { return g.setTimeout(fn, 0); };
}
// __soukDrainTimers runs queued timers in due order, at most limit of them,
// and returns how many remain (a render must not leave work behind forever).
g.__soukDrainTimers = function (limit) {
  var ran = 0;
  while (timers.length > 0 && ran < limit) {
    timers.sort(function (a, b) { return a.at - b.at || a.id - b.id; });
    var t = timers.shift();
    ran++;
    t.fn.apply(null, t.args);
  }
  return timers.length;
};

if (typeof g.queueMicrotask === "undefined") {
  g.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
}

if (typeof g.MessageChannel === "undefined") {
  var MessageChannelPolyfill = function () {
    var ch = this;
    this.port1 = { onmessage: null, close: function () {} };
    this.port2 = {
      postMessage: function (data) {
        g.setTimeout(function () { if (ch.port1.onmessage) ch.port1.onmessage({ data: data }); }, 0);
      },
      close: function () {},
    };
  };
  g.MessageChannel = MessageChannelPolyfill;
}

if (typeof g.window === "undefined" && typeof g.self === "undefined") g.self = g;
