import Handlebars from 'handlebars';
import type { TemplateVariables } from '@sixa/contracts';

/**
 * Templates are Handlebars with a deliberately small surface: `{{name}}` placeholders (HTML-escaped)
 * and `{{#if name}}` / `{{#unless name}}` sections. No partials, no other helpers, no unescaped
 * output (`{{{name}}}`): a value typed into the Use Template form can never become markup.
 */
const handlebars = Handlebars.create();
const SECTION_HELPERS = new Set(['if', 'unless']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The content is not a template we render: `detail` says where and why. */
export class TemplateSyntaxError extends Error {}

/** Values were not given for these placeholders (in their order in the content). */
export class MissingVariablesError extends Error {
  constructor(readonly missing: string[]) {
    super(`missing variables: ${missing.join(', ')}`);
  }
}

type Node = hbs.AST.Node;

function where(node: Node): string {
  return node.loc ? ` (line ${node.loc.start.line}, column ${node.loc.start.column + 1})` : '';
}

function placeholderName(expr: hbs.AST.Expression): string {
  if (expr.type !== 'PathExpression') throw new TemplateSyntaxError(`only placeholder names can be used${where(expr)}`);
  const path = expr as hbs.AST.PathExpression;
  if (path.data || path.depth > 0 || path.parts.length !== 1 || !NAME.test(path.original))
    throw new TemplateSyntaxError(
      `{{${path.original}}}${where(expr)} is not a placeholder: use a name of letters, digits and underscores`,
    );
  return path.original;
}

function collect(program: hbs.AST.Program | undefined, out: string[]): void {
  for (const node of program?.body ?? []) {
    switch (node.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        break;
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        if (!m.escaped)
          throw new TemplateSyntaxError(
            `unescaped output${where(node)} is not allowed: write {{name}}, values are always escaped`,
          );
        if (m.params.length || m.hash?.pairs.length)
          throw new TemplateSyntaxError(`helpers are not available${where(node)}: write {{name}}`);
        out.push(placeholderName(m.path));
        break;
      }
      case 'BlockStatement': {
        const b = node as hbs.AST.BlockStatement;
        const helper = b.path.original;
        if (!SECTION_HELPERS.has(helper) || b.params.length !== 1 || b.hash?.pairs.length)
          throw new TemplateSyntaxError(
            `{{#${helper}}}${where(node)} is not available: sections are {{#if name}} and {{#unless name}}`,
          );
        out.push(placeholderName(b.params[0]));
        collect(b.program, out);
        collect(b.inverse, out);
        break;
      }
      default:
        throw new TemplateSyntaxError(
          `${node.type.replace(/Statement$/, '').toLowerCase()}s are not available${where(node)}`,
        );
    }
  }
}

/** The placeholder names the content uses, each once in order of first use; TemplateSyntaxError if it is not a template we render. */
export function templatePlaceholders(content: string): string[] {
  let ast: hbs.AST.Program;
  try {
    ast = handlebars.parse(content);
  } catch (e) {
    throw new TemplateSyntaxError(`the template cannot be read: ${(e as Error).message.split('\n')[0]}`);
  }
  const names: string[] = [];
  collect(ast, names);
  return [...new Set(names)];
}

function isGiven(values: TemplateVariables, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(values, name) && values[name] !== null && values[name] !== undefined;
}

/**
 * The content with every placeholder replaced by its value, HTML-escaped. Strict: a placeholder with
 * no value is an error naming all such (MissingVariablesError), never an empty gap in a contract.
 */
export function renderTemplate(content: string, values: TemplateVariables): string {
  const missing = templatePlaceholders(content).filter((name) => !isGiven(values, name));
  if (missing.length) throw new MissingVariablesError(missing);
  const context: TemplateVariables = Object.create(null);
  for (const [k, v] of Object.entries(values)) context[k] = v;
  return handlebars.compile(content, {
    strict: true,
    knownHelpersOnly: true,
    knownHelpers: { if: true, unless: true },
  })(context);
}

/** The content for the screen's Preview: the values given, and `[name]` for each one not given. */
export function previewTemplate(content: string, values: TemplateVariables): { content: string; missing: string[] } {
  const missing = templatePlaceholders(content).filter((name) => !isGiven(values, name));
  const filled: TemplateVariables = { ...values };
  for (const name of missing) filled[name] = `[${name}]`;
  return { content: renderTemplate(content, filled), missing };
}
