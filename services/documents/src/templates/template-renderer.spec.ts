import {
  MissingVariablesError,
  previewTemplate,
  renderTemplate,
  TemplateSyntaxError,
  templatePlaceholders,
} from './template-renderer';

describe('template rendering', () => {
  it('replaces {{customer_name}} with its value', () => {
    expect(renderTemplate('Dear {{customer_name}},', { customer_name: 'Maria Gonzalez' })).toBe('Dear Maria Gonzalez,');
  });

  it('lists every missing variable by name, in order of use, and renders nothing', () => {
    let error: unknown;
    try {
      renderTemplate('{{customer_name}} owes {{amount}} by {{due_date}}; {{customer_name}}', { amount: 10 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingVariablesError);
    expect((error as MissingVariablesError).missing).toEqual(['customer_name', 'due_date']);
  });

  it('treats null as missing but an empty string or 0 as given', () => {
    expect(() => renderTemplate('{{a}}', { a: null as unknown as string })).toThrow(MissingVariablesError);
    expect(renderTemplate('[{{a}}][{{b}}]', { a: '', b: 0 })).toBe('[][0]');
  });

  it('escapes HTML in values', () => {
    expect(renderTemplate('<p>{{name}}</p>', { name: '<script>alert("x")</script> & \'co\'' })).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27;</p>',
    );
  });

  it('does not read properties the values object inherits', () => {
    expect(() => renderTemplate('{{constructor}}{{toString}}', {})).toThrow(MissingVariablesError);
  });

  it('renders {{#if}} and {{#unless}} sections, whose names are variables too', () => {
    const content = '{{#if vip}}VIP {{name}}{{else}}Guest{{/if}}{{#unless paid}} (unpaid){{/unless}}';
    expect(templatePlaceholders(content)).toEqual(['vip', 'name', 'paid']);
    expect(renderTemplate(content, { vip: true, name: 'Ann', paid: false })).toBe('VIP Ann (unpaid)');
    expect(renderTemplate(content, { vip: false, name: 'Ann', paid: true })).toBe('Guest');
  });

  it.each([
    ['{{{html}}}', /unescaped output/],
    ['{{& html}}', /unescaped output/],
    ['{{> footer}}', /partials are not available/],
    ['{{#each items}}{{this}}{{/each}}', /is not available/],
    ['{{customer.name}}', /is not a placeholder/],
    ['{{lookup a b}}', /helpers are not available/],
    ['{{@index}}', /is not a placeholder/],
    ['Dear {{customer_name', /cannot be read/],
  ])('refuses %s with a reason', (content, reason) => {
    expect(() => templatePlaceholders(content)).toThrow(TemplateSyntaxError);
    expect(() => templatePlaceholders(content)).toThrow(reason);
  });

  it('previews with [name] for the values not given and says which', () => {
    expect(previewTemplate('Dear {{customer_name}}, {{amount}} due', { amount: '<5>' })).toEqual({
      content: 'Dear [customer_name], &lt;5&gt; due',
      missing: ['customer_name'],
    });
  });
});
