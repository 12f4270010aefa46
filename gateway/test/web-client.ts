import { configureStore } from '@reduxjs/toolkit';
import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The web client's calls to the API, read from its sources (web/src) for the contract tests: the RTK
 * Query endpoints with their argument and result types (TypeScript's checker over web/tsconfig.json),
 * the requests those endpoints really make (their own query functions run against a fetch that
 * records), and every other way the client reaches the server (`fetch(`, a WebSocket, an /api address).
 */

export const ROOT = join(__dirname, '..', '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const CONTRACTS_SRC = join(ROOT, 'libs', 'contracts', 'src');
/** Where RTK Query's `fetchBaseQuery` sends every endpoint (web/src/shared/api.ts). */
const BASE_URL_FILE = join(WEB_SRC, 'shared', 'api.ts');

/** Stands for any string argument: where it lands in a request's path, that segment is a parameter. */
export const ARG = '__arg__';

export const rel = (file: string) => relative(ROOT, file);

/** A place in the sources: `web/src/features/x/y.ts:12`. */
export interface Site {
  file: string;
  line: number;
}

function siteOf(node: ts.Node): Site {
  const sf = node.getSourceFile();
  return { file: rel(sf.fileName), line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 };
}

export const where = (s: Site) => `${s.file}:${s.line}`;

export interface Endpoint {
  name: string;
  site: Site;
  arg: ts.Type;
  result: ts.Type;
  /** Infinite queries: the type of the page parameter their query function also receives. */
  pageParam?: ts.Type;
}

/** A request the client makes outside RTK Query, with the address resolved where the source allows. */
export interface DirectCall {
  site: Site;
  method: string;
  /** The address as written, or how to make it (a function of the module, called with ARG). */
  url: { literal: string } | { exported: string; module: string; params: number };
}

export interface WebClientSources {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The modules that inject endpoints into the one API slice. */
  endpointModules: string[];
  endpoints: Endpoint[];
  fetches: DirectCall[];
  /** Addresses of /api built in the sources (links, PDFs a viewer loads), other than fetch's. */
  addresses: DirectCall[];
  sockets: Site[];
  /** What could not be read: each is a failure of the tests that use these sources. */
  unreadable: string[];
}

/** Where RTK Query's definition types hold an endpoint's argument, result and page parameter. */
const DEFINITIONS: Record<string, { arg: number; result: number; pageParam?: number }> = {
  QueryDefinition: { arg: 0, result: 3 },
  MutationDefinition: { arg: 0, result: 3 },
  InfiniteQueryDefinition: { arg: 0, pageParam: 1, result: 4 },
};

/** The client's own sources: its tests and their helpers (web/src/test) left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || path === join(WEB_SRC, 'test') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const isCallTo = (node: ts.Node, name: string): node is ts.CallExpression =>
  ts.isCallExpression(node) &&
  (ts.isIdentifier(node.expression)
    ? node.expression.text === name
    : ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === name);

const stringText = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** `method: 'POST'` of a fetch's options; GET when there are none. */
function fetchMethod(init: ts.Expression | undefined): string | undefined {
  if (!init) return 'GET';
  if (!ts.isObjectLiteralExpression(init)) return undefined;
  const method = init.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'method',
  );
  return method ? stringText(method.initializer)?.toUpperCase() : 'GET';
}

/**
 * The exported function that returns `node` (`export const pdfUrl = (token) => \`/api...\``): calling it
 * with ARG for each parameter gives the address. Undefined when `node` is anything but what one returns.
 */
function exportedBuilder(node: ts.Node): { name: string; params: number } | undefined {
  let at = node.parent;
  while (ts.isParenthesizedExpression(at)) at = at.parent;
  const fn = ts.isArrowFunction(at)
    ? at
    : ts.isReturnStatement(at) && ts.isBlock(at.parent)
      ? at.parent.parent
      : undefined;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn))) return undefined;
  const named = ts.isFunctionDeclaration(fn) ? fn : ts.isVariableDeclaration(fn.parent) ? fn.parent : undefined;
  // export function f() {...}, or export const f = () => ... (declaration, list, statement)
  const statement = ts.isFunctionDeclaration(fn) ? fn : named?.parent?.parent;
  const exported =
    !!statement &&
    ts.canHaveModifiers(statement) &&
    !!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return named?.name && ts.isIdentifier(named.name) && exported
    ? { name: named.name.text, params: fn.parameters.length }
    : undefined;
}

/**
 * Reads web/src (tests excluded): which modules inject endpoints, each endpoint's types, and every
 * other request the client makes. Anything it cannot read is listed in `unreadable`, never skipped.
 */
export function readWebClient(): WebClientSources {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'web', 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('web/tsconfig.json could not be read');
  const unreadable: string[] = [];
  const endpointModules: string[] = [];
  const fetches: DirectCall[] = [];
  const addresses: DirectCall[] = [];
  const sockets: Site[] = [];

  for (const file of sourceFiles(WEB_SRC)) {
    const sf = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
    let injects = false;
    const visit = (node: ts.Node): void => {
      if (isCallTo(node, 'injectEndpoints')) injects = true;
      // A second API slice would hold endpoints this reading does not enumerate.
      if (isCallTo(node, 'createApi') && file !== BASE_URL_FILE)
        unreadable.push(`${where(siteOf(node))}: a createApi other than web/src/shared/api.ts's`);
      if (isCallTo(node, 'fetch')) {
        const [input, init] = node.arguments;
        const url = stringText(input);
        const method = fetchMethod(init);
        if (url === undefined || method === undefined)
          unreadable.push(`${where(siteOf(node))}: fetch with an address or method that is not written out`);
        else fetches.push({ site: siteOf(node), method, url: { literal: url } });
        return;
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const made = node.expression.text;
        if (made === 'WebSocket' || made === 'EventSource') sockets.push(siteOf(node));
        if (made === 'XMLHttpRequest') unreadable.push(`${where(siteOf(node))}: an XMLHttpRequest`);
      }
      const head = ts.isTemplateExpression(node) ? node.head.text : stringText(node);
      if (head !== undefined && /^\/api(\/|$)/.test(head) && !ts.isTemplateSpan(node.parent)) {
        const builder = ts.isTemplateExpression(node) ? exportedBuilder(node) : undefined;
        if (file === BASE_URL_FILE && head === '/api') {
          // fetchBaseQuery's baseUrl: the prefix of every endpoint.
        } else if (ts.isTemplateExpression(node) && !builder) {
          unreadable.push(
            `${where(siteOf(node))}: an /api address built other than as what an exported function returns`,
          );
        } else {
          addresses.push({
            site: siteOf(node),
            // An address outside fetch is one the browser opens or a viewer loads: a GET.
            method: 'GET',
            url: builder ? { exported: builder.name, module: file, params: builder.params } : { literal: head },
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    if (injects) endpointModules.push(file);
    // A feature's api module whose endpoints are made some other way would go unread.
    else if (/\/features\/[^/]+\/[^/]+Api\.ts$/.test(file)) unreadable.push(`${rel(file)}: no injectEndpoints`);
  }

  const program = ts.createProgram(endpointModules, config.options);
  const checker = program.getTypeChecker();
  const endpoints: Endpoint[] = [];
  for (const file of endpointModules) {
    const visit = (node: ts.Node): void => {
      if (isCallTo(node, 'injectEndpoints')) endpoints.push(...endpointsOf(node, checker, unreadable));
      ts.forEachChild(node, visit);
    };
    visit(program.getSourceFile(file)!);
  }
  return { program, checker, endpointModules, endpoints, fetches, addresses, sockets, unreadable };
}

/** The endpoints `injectEndpoints({ endpoints: (build) => ({...}) })` defines, with their types. */
function endpointsOf(call: ts.CallExpression, checker: ts.TypeChecker, unreadable: string[]): Endpoint[] {
  const options = call.arguments[0];
  const property =
    options && ts.isObjectLiteralExpression(options)
      ? options.properties.find((p) => p.name?.getText() === 'endpoints')
      : undefined;
  if (!property) {
    unreadable.push(`${where(siteOf(call))}: injectEndpoints without an endpoints property`);
    return [];
  }
  const signatures = checker.getTypeAtLocation(property).getCallSignatures();
  if (signatures.length !== 1) {
    unreadable.push(`${where(siteOf(property))}: endpoints is not one function`);
    return [];
  }
  return signatures[0]!
    .getReturnType()
    .getProperties()
    .flatMap((symbol) => {
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      const site = declaration ? siteOf(declaration) : siteOf(property);
      const type = checker.getTypeOfSymbol(symbol);
      const shape = type.aliasSymbol && DEFINITIONS[type.aliasSymbol.name];
      const args = type.aliasTypeArguments;
      if (!shape || !args) {
        unreadable.push(
          `${where(site)}: endpoint ${symbol.name} is not an RTK Query definition (${checker.typeToString(type)})`,
        );
        return [];
      }
      return [
        {
          name: symbol.name,
          site,
          arg: args[shape.arg]!,
          result: args[shape.result]!,
          ...(shape.pageParam === undefined ? {} : { pageParam: args[shape.pageParam] }),
        },
      ];
    });
}

// ---------------------------------------------------------------------------------------------------
// Arguments to call the endpoints with, made from their types.

const SAMPLES_PER_TYPE = 24;

/**
 * Values of `type` to call a query function with: every string is ARG (so that a path segment made
 * from it reads as a parameter), and each literal of a union, each boolean, each optional field set,
 * appears in at least one value, so that every path and query parameter the function can produce is
 * produced. Throws on a type it cannot make a value of (any, unknown, a function).
 */
export function samplesOf(type: ts.Type, checker: ts.TypeChecker, depth = 0): unknown[] {
  const f = type.flags;
  if (depth > 8) throw new Error(`a type nested too deep: ${checker.typeToString(type)}`);
  // Inside a body an untyped field takes any value; as the whole argument, no value says what to send.
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
    if (depth > 0) return [null];
    throw new Error(`no value can be made for ${checker.typeToString(type)}`);
  }
  if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return [undefined];
  if (f & ts.TypeFlags.Null) return [null];
  if (type.isStringLiteral() || type.isNumberLiteral()) return [type.value];
  if (f & ts.TypeFlags.BooleanLiteral) return [checker.typeToString(type) === 'true'];
  if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return [ARG];
  if (f & ts.TypeFlags.Number) return [1];
  if (type.isUnion()) {
    const defined = type.types.filter(
      (t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void)),
    );
    const members = defined.length ? defined : type.types;
    return distinct(members.flatMap((t) => samplesOf(t, checker, depth + 1)));
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const elements = checker.getTypeArguments(type as ts.TypeReference);
    return [
      elements.map((t) => samplesOf(t, checker, depth + 1)[0]).slice(0, checker.isArrayType(type) ? 1 : undefined),
    ];
  }
  if (type.getCallSignatures().length) throw new Error(`a function: ${checker.typeToString(type)}`);
  if (f & ts.TypeFlags.Object || type.isIntersection()) {
    const fields = checker.getPropertiesOfType(type).map((p) => {
      const t = checker.getNonNullableType(checker.getTypeOfSymbol(p));
      return [p.name, samplesOf(t, checker, depth + 1)] as const;
    });
    const base = Object.fromEntries(fields.map(([name, values]) => [name, values[0]]));
    // One field varied at a time: every value of every field is seen, without the product of them all.
    const varied = fields.flatMap(([name, values]) => values.slice(1).map((v) => ({ ...base, [name]: v })));
    return distinct([base, ...varied]);
  }
  throw new Error(`no value can be made for ${checker.typeToString(type)}`);
}

function distinct(values: unknown[]): unknown[] {
  const seen = new Map(values.map((v) => [JSON.stringify(v) ?? 'undefined', v]));
  return [...seen.values()].slice(0, SAMPLES_PER_TYPE);
}

// ---------------------------------------------------------------------------------------------------
// The requests the endpoints make.

export interface Recorded {
  method: string;
  /** The path as requested, with each ARG segment (or part of one) written `{}`. */
  path: string;
  /** The names of its query parameters. */
  query: string[];
}

/**
 * A path with its parameters written `{}`, as the client's requests and the document's paths are
 * compared. A trailing slash goes: the gateway ignores it (ignoreTrailingSlash, libs/observability's
 * http-app), so `/api/` is the document's `/api`.
 */
export function templateOf(path: string): string {
  const template = path
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll(ARG, '{}'))
    .join('/');
  return template.length > 1 ? template.replace(/\/$/, '') : template;
}

function record(request: Request): Recorded {
  const url = new URL(request.url);
  return { method: request.method, path: templateOf(url.pathname), query: [...new Set(url.searchParams.keys())] };
}

export interface EndpointCalls {
  name: string;
  /** Per argument tried: the requests made, or why the call could not be made. */
  calls: Array<{ arg: unknown; requests: Recorded[]; error?: string }>;
}

/**
 * Calls each endpoint through the web client's own API slice (its base query and each query
 * function, unchanged) with `args`, against a fetch that records the request and answers 404: no
 * server, no cache update. The modules are those readWebClient found.
 */
export async function callEndpoints(
  modules: string[],
  args: Map<string, Array<{ arg: unknown; pageParam?: unknown }>>,
): Promise<{ registered: string[]; results: EndpointCalls[] }> {
  const { api } = (await import(BASE_URL_FILE)) as typeof import('../../web/src/shared/api');
  for (const module of modules) await import(module);
  const recorded: Request[] = [];
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  // The browser resolves '/api/...' against the page; Node's Request needs an absolute address.
  globalThis.Request = class extends RealRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://web.client') : input, init);
    }
  } as typeof Request;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    recorded.push(input instanceof Request ? input : new Request(input, init));
    return new Response(JSON.stringify({ detail: 'recorded' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: () => ({ token: 'token', status: 'settled' }) },
    middleware: (defaults) => defaults({ serializableCheck: false, immutableCheck: false }).concat(api.middleware),
  });
  const endpoints = api.endpoints as unknown as Record<
    string,
    { initiate: (arg: unknown, options?: object) => Parameters<typeof store.dispatch>[0] }
  >;
  try {
    const results: EndpointCalls[] = [];
    for (const [name, tried] of args) {
      const calls: EndpointCalls['calls'] = [];
      for (const { arg, pageParam } of tried) {
        recorded.length = 0;
        try {
          const options =
            pageParam === undefined ? { subscribe: false } : { subscribe: false, initialPageParam: pageParam };
          const started = store.dispatch(endpoints[name]!.initiate(arg, options)) as unknown as PromiseLike<unknown>;
          await started;
          calls.push({ arg, requests: recorded.map(record) });
        } catch (e) {
          calls.push({ arg, requests: [], error: (e as Error).message });
        }
      }
      results.push({ name, calls });
    }
    return { registered: Object.keys(api.endpoints), results };
  } finally {
    store.dispatch(api.util.resetApiState());
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
  }
}

/** Calls `exported` of `module` with ARG for each parameter: the address it builds. */
export async function addressOf(call: DirectCall): Promise<string> {
  if ('literal' in call.url) return call.url.literal;
  const module = (await import(call.url.module)) as Record<string, (...args: string[]) => string>;
  return module[call.url.exported]!(...Array.from({ length: call.url.params }, () => ARG));
}

// ---------------------------------------------------------------------------------------------------
// Whether a type is the contract's.

export const inContracts = (node: ts.Node) => node.getSourceFile().fileName.startsWith(CONTRACTS_SRC);
const declaredIn = (symbol: ts.Symbol | undefined, test: (node: ts.Node) => boolean) =>
  !!symbol?.declarations?.length && symbol.declarations.every(test);
const inLib = (node: ts.Node) => /\/typescript\/lib\/lib\..*\.d\.ts$/.test(node.getSourceFile().fileName);

/** TypeScript's own type operators: a type they make is the contract's when its subject is. */
const OPERATORS: Record<string, (args: readonly ts.Type[]) => readonly ts.Type[]> = {
  Partial: (a) => a.slice(0, 1),
  Required: (a) => a.slice(0, 1),
  Readonly: (a) => a.slice(0, 1),
  NonNullable: (a) => a.slice(0, 1),
  Pick: (a) => a.slice(0, 1),
  Omit: (a) => a.slice(0, 1),
  Record: (a) => a.slice(1),
};

/**
 * The name to list a client-side shape under: `file.ts:Name` of the type, or of the alias or
 * interface it is written in; else (written in the endpoint itself) the endpoint and position.
 */
function shapeName(type: ts.Type, position: string): string {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  const file = declaration ? basename(declaration.getSourceFile().fileName) : '';
  if (symbol && !symbol.name.startsWith('__')) return `${file}:${symbol.name}`;
  for (let at: ts.Node | undefined = declaration; at; at = at.parent)
    if (ts.isTypeAliasDeclaration(at) || ts.isInterfaceDeclaration(at)) return `${file}:${at.name.text}`;
  return position;
}

export interface ShapeRules {
  /**
   * Client-side shapes (named as shapeName names them, or an endpoint's untyped `name result`), each
   * with the reason it is not the API's.
   */
  clientShapes: Record<string, string>;
  /** The listed shapes met: a listed one never met is a stale entry. */
  met: Set<string>;
  /** An argument's field with one of these names travels in the address, not in the body. */
  urlParameters: Set<string>;
}

/**
 * Where `type` (an endpoint's argument or result, at `position`) is not the contract's: a type from
 * libs/contracts, or one made of them (arrays, unions, intersections, Pick/Omit/Partial/...),
 * primitives, void, null. A shape the client declares itself is listed as a finding, unless it is a
 * listed client-side shape, or (for an argument) it only gathers the request's address parameters
 * and fields of contract types: then its fields are checked in turn.
 */
export function notFromContracts(
  type: ts.Type,
  position: string,
  role: 'arg' | 'result',
  checker: ts.TypeChecker,
  rules: ShapeRules,
  seen = new Set<ts.Type>(),
): string[] {
  if (seen.has(type)) return [];
  seen.add(type);
  const f = type.flags;
  const shown = () => checker.typeToString(type);
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
    if (rules.clientShapes[position] === undefined) return [`${position}: ${shown()}, not a type of the API`];
    rules.met.add(position);
    return [];
  }
  const primitive =
    ts.TypeFlags.StringLike |
    ts.TypeFlags.NumberLike |
    ts.TypeFlags.BooleanLike |
    ts.TypeFlags.Void |
    ts.TypeFlags.Undefined |
    ts.TypeFlags.Null |
    ts.TypeFlags.Never;
  if (f & primitive) return [];
  const again = (t: ts.Type, at = position) => notFromContracts(t, at, role, checker, rules, seen);
  if (declaredIn(type.aliasSymbol, inContracts)) return [];
  const operator = type.aliasSymbol && declaredIn(type.aliasSymbol, inLib) && OPERATORS[type.aliasSymbol.name];
  if (operator) return operator(type.aliasTypeArguments ?? []).flatMap((t) => again(t));
  // The client's own name for an operator's type (`type Body = Pick<Dto, 'a' | 'b'>`).
  const alias = type.aliasSymbol?.declarations?.[0];
  if (alias && ts.isTypeAliasDeclaration(alias) && ts.isTypeReferenceNode(alias.type)) {
    const target = checker.getSymbolAtLocation(alias.type.typeName);
    const made = target && declaredIn(target, inLib) && OPERATORS[target.name];
    if (made)
      return made((alias.type.typeArguments ?? []).map((n) => checker.getTypeFromTypeNode(n))).flatMap((t) => again(t));
  }
  if (type.isUnion() || type.isIntersection()) return type.types.flatMap((t) => again(t));
  if (checker.isArrayType(type) || checker.isTupleType(type))
    return checker.getTypeArguments(type as ts.TypeReference).flatMap((t) => again(t));
  const symbol = type.getSymbol();
  if (declaredIn(symbol, inContracts)) return [];
  if (!(f & ts.TypeFlags.Object) || !symbol?.declarations?.length || declaredIn(symbol, inLib))
    return [`${position}: ${shown()}, not a type of the API`];

  // A shape declared in the client.
  const name = shapeName(type, position);
  const fields = checker.getPropertiesOfType(type);
  if (rules.clientShapes[name] !== undefined) {
    rules.met.add(name);
    return fields.flatMap((p) => again(checker.getTypeOfSymbol(p), `${position}.${p.name}`));
  }
  if (role === 'result') return [`${position}: ${name} is declared in the client (${shown()})`];
  return fields.flatMap((p) => {
    const at = `${position}.${p.name}`;
    if (declaredIn(p, inContracts)) return again(checker.getTypeOfSymbol(p), at);
    const t = checker.getNonNullableType(checker.getTypeOfSymbol(p));
    if (declaredIn(t.aliasSymbol, inContracts)) return [];
    const primitiveOnly = (x: ts.Type): boolean =>
      x.isUnion() ? x.types.every(primitiveOnly) : !!(x.flags & primitive);
    if (primitiveOnly(t))
      return rules.urlParameters.has(p.name)
        ? []
        : [`${at}: a request field declared in the client (${name}), not a parameter of the address`];
    return again(t, at);
  });
}
