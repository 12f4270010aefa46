/**
 * jsdom lacks the WHATWG fetch family; RTK Query's fetchBaseQuery builds `new Request(...)` with an
 * AbortSignal, so fetch, Request, Response, Headers and the abort classes must all be Node's own
 * (mixing jsdom's AbortSignal with Node's Request throws). Tests then stub `fetch` per case.
 */
const { URL } = require('node:url');
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'BroadcastChannel',
];

class SixaJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // A browser resolves '/api/...' against the page; Node's Request needs an absolute URL.
    const win = this.global;
    const NodeRequest = globalThis.Request;
    win.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, win.location.href).href : input, init);
      }
    };
  }
}

module.exports = SixaJsdomEnvironment;
