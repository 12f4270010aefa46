/**
 * What antd needs from a browser that jsdom does not provide, plus jest-dom matchers and a clean
 * slate (storage, fetch stub) between tests.
 */
import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';

// Screens are lazy chunks and antd's first render is slow in jsdom (slower still while the e2e suites
// share the two cores): be patient, not flaky.
configure({ asyncUtilTimeout: 20_000 });

const noop = (): void => undefined;

/** Media queries are answered for a desktop window (antd's breakpoints, the sidebar's collapse). */
const VIEWPORT_WIDTH = 1280;
function matchesViewport(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!min && !max) return false;
  return (!min || VIEWPORT_WIDTH >= Number(min[1])) && (!max || VIEWPORT_WIDTH <= Number(max[1]));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchesViewport(query),
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });

// jsdom implements getComputedStyle only for elements, not pseudo-elements (antd asks for both).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element): CSSStyleDeclaration => computedStyle(element);

/**
 * rc-form batches watchers through MessageChannel. Node's ports keep the process alive and jsdom
 * has none, so a timer-backed channel stands in (same macrotask ordering for these purposes).
 */
class MessagePortStub {
  onmessage: ((event: MessageEvent) => void) | null = null;
  peer: MessagePortStub | null = null;
  postMessage(data: unknown): void {
    const target = this.peer;
    setTimeout(() => target?.onmessage?.({ data } as MessageEvent), 0);
  }
  start(): void {}
  close(): void {}
}
class MessageChannelStub {
  port1 = new MessagePortStub();
  port2 = new MessagePortStub();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}
Object.defineProperty(window, 'MessageChannel', { writable: true, configurable: true, value: MessageChannelStub });

window.scrollTo = noop as typeof window.scrollTo;
Element.prototype.scrollIntoView = noop;

/**
 * A console error in a test is a bug (React warnings, antd deprecations, failed renders): the test
 * that caused it fails. Tests that expect one spy on console.error themselves.
 */
let consoleErrors: unknown[][] = [];
const realConsoleError = console.error.bind(console);
beforeEach(() => {
  consoleErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    realConsoleError(...args);
  });
});

afterEach(() => {
  cleanup();
  const errors = consoleErrors;
  consoleErrors = [];
  jest.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.classList.remove('dark');
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
