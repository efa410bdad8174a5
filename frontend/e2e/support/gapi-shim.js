/* global window, document */
/*
 * A minimal stand-in for Google's script loader (https://apis.google.com/js/api.js) and
 * its gapi.iframes module, for the browser tests only.
 *
 * Firebase's Google popup sign-in loads gapi.iframes to talk to a hidden iframe (with the
 * Auth emulator, its /emulator/auth/iframe page, which loads the same script). These test
 * machines have no route to apis.google.com, so Playwright serves this file in its place.
 * It implements just what the Firebase JS SDK and the emulator's iframe use — Context.open,
 * getParentIframe, register, send, ping, restyle and the loader callbacks — over
 * postMessage. Everything else in the flow is real: the SDK, the emulator's popup widget,
 * its iframe and the token exchange.
 */
(function () {
  'use strict';
  if (window.gapi && window.gapi.iframes) return;

  var TAG = '__listingliftGapiShim';
  var channels = [];

  function Channel(getTarget) {
    this.getTarget = getTarget;
    this.handlers = {};
    this.pending = {};
    this.callbacks = {};
    this.readyListeners = [];
    this.ready = false;
    this.seq = 0;
    channels.push(this);
  }
  Channel.prototype.post = function (message) {
    var target = this.getTarget();
    if (!target) return;
    message[TAG] = true;
    target.postMessage(message, '*');
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.pending[name] || [];
    delete this.pending[name];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = String(++this.seq);
    if (callback) this.callbacks[id] = callback;
    this.post({ kind: 'call', id: id, name: name, data: data });
  };
  Channel.prototype.answer = function (message) {
    var result;
    try {
      result = this.handlers[message.name](message.data);
    } catch (error) {
      result = { status: 'ERROR', error: String(error) };
    }
    this.post({ kind: 'reply', id: message.id, result: [result] });
  };
  Channel.prototype.markReady = function () {
    if (this.ready) return;
    this.ready = true;
    var listeners = this.readyListeners;
    this.readyListeners = [];
    for (var i = 0; i < listeners.length; i++) listeners[i]();
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'call') {
      if (this.handlers[message.name]) this.answer(message);
      else (this.pending[message.name] = this.pending[message.name] || []).push(message);
    } else if (message.kind === 'reply') {
      var callback = this.callbacks[message.id];
      delete this.callbacks[message.id];
      // gapi swallows what a callback throws (Firebase's webStorageSupport callback does throw).
      if (callback) {
        setTimeout(function () {
          try {
            callback(message.result);
          } catch {
            // swallowed, as gapi does
          }
        }, 0);
      }
    } else if (message.kind === 'ping') {
      this.post({ kind: 'pong' });
    } else if (message.kind === 'pong' || message.kind === 'ready') {
      this.markReady();
    }
  };
  /** A handle with the gapi.iframes.Iframe methods used by Firebase and the emulator. */
  Channel.prototype.handle = function () {
    var channel = this;
    return {
      register: function (name, handler) { channel.register(name, handler); },
      send: function (name, data, callback) { channel.send(name, data, callback); },
      restyle: function () { return Promise.resolve(); },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var done = function () { if (callback) callback(); resolve(); };
          if (channel.ready) return done();
          channel.readyListeners.push(done);
          var timer = setInterval(function () {
            if (channel.ready) clearInterval(timer);
            else channel.post({ kind: 'ping' });
          }, 50);
        });
      },
    };
  };

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[TAG]) return;
    for (var i = 0; i < channels.length; i++) {
      if (channels[i].getTarget() === event.source) channels[i].receive(message);
    }
  });

  // Inside a frame: the channel to the parent exists from the start, so nothing sent
  // before the page registers its handlers is lost; it announces itself.
  var parentChannel = null;
  if (window.parent && window.parent !== window) {
    parentChannel = new Channel(function () { return window.parent; });
    parentChannel.post({ kind: 'ready' });
  }

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (name === 'style' && typeof value === 'object') {
          Object.keys(value).forEach(function (prop) { frame.style[prop] = value[prop]; });
        } else {
          frame.setAttribute(name, String(value));
        }
      });
      var channel = new Channel(function () { return frame.contentWindow; });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var handle = channel.handle();
      return Promise.resolve(onOpen ? onOpen(handle) : handle);
    },
    getParentIframe: function () {
      return parentChannel ? parentChannel.handle() : null;
    },
  };

  window.gapi = {
    load: function (_name, config) {
      var callback = typeof config === 'function' ? config : config && config.callback;
      setTimeout(function () { if (callback) callback(); }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      Iframe: function () {},
      getContext: function () { return context; },
    },
  };

  // The loader's callbacks: ?onload=name (Firebase) and window.gapi_onload (the emulator's iframe).
  var script = document.currentScript;
  var match = script && /[?&]onload=([^&]+)/.exec(script.src);
  setTimeout(function () {
    if (match && typeof window[match[1]] === 'function') window[match[1]]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
