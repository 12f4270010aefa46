import { fieldLabel, itemLabel, type FieldError } from '@sixa/contracts';
import { getMetadataStorage, ValidationTypes, type ValidationError } from 'class-validator';

/**
 * class-validator's own sentences (what follows "$property ") and how a person reads them; a DTO's
 * own message is kept, its field named as a person reads it.
 */
const PREDICATES: Array<[RegExp, (...m: string[]) => string]> = [
  [/^must not be less than (.+)$/, (n) => `must be at least ${n}`],
  [/^must not be greater than (.+)$/, (n) => `must be at most ${n}`],
  [/^must be longer than or equal to 1 characters$/, () => 'must not be empty'],
  [/^must be longer than or equal to (\d+) characters$/, (n) => `must be at least ${n} characters`],
  [/^must be shorter than or equal to (\d+) characters$/, (n) => `must be at most ${n} characters`],
  [
    /^must be longer than or equal to (\d+) and shorter than or equal to (\d+) characters$/,
    (a, b) => `must be ${a} to ${b} characters`,
  ],
  [/^must be one of the following values: (.*)$/, (v) => `must be one of: ${v}`],
  [/^should not be one of the following values: (.*)$/, (v) => `must not be any of: ${v}`],
  [/^must be an email$/, () => 'must be a valid e-mail address'],
  [/^must be an integer number$/, () => 'must be a whole number'],
  [/^must be a number conforming to the specified constraints$/, () => 'must be a number'],
  [/^must be a string$/, () => 'must be text'],
  [/^must be a boolean value$/, () => 'must be true or false'],
  [/^must be an array$/, () => 'must be a list'],
  [/^must be an object$/, () => 'must be an object'],
  [/^must contain at least 1 elements$/, () => 'must have at least one item'],
  [/^must contain at least (\d+) elements$/, (n) => `must have at least ${n} items`],
  [/^must contain no more than (\d+) elements$/, (n) => `must have at most ${n} items`],
  [/^must be a valid ISO 8601 date string$/, () => 'must be a date and time such as 2026-03-01T09:00:00Z'],
  [/^must be a Date instance$/, () => 'must be a date'],
  [/^should not be empty$/, () => 'is required'],
  [/^should not be null or undefined$/, () => 'is required'],
  [/^must be a URL address$/, () => 'must be a web address such as https://example.com'],
  [/^must match .* regular expression$/, () => 'is not in the expected format'],
  [/^must be a mongodb id$/, () => 'must be the id of a record'],
  [/^must be a hexadecimal color$/, () => 'must be a colour such as #1677ff'],
  [/^must be a valid IANA time-zone$/, () => 'must be a time zone such as Europe/Paris'],
];

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** `line_items[0].discount_percentage`: a path a form can place a message under. */
function fieldPath(path: string[]): string {
  return path.reduce((out, s) => (isIndex(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), '');
}

/** Where in the body a field is, as a person reads it: "Line 1", "Recurrence", "Step 3, params". */
function placeOf(ancestors: string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ancestors.length; i++) {
    const s = ancestors[i];
    if (isIndex(s)) continue;
    if (i + 1 < ancestors.length && isIndex(ancestors[i + 1])) parts.push(itemLabel(s, Number(ancestors[i + 1])));
    else parts.push(fieldLabel(s));
  }
  const place = parts.join(', ');
  return place && place[0].toUpperCase() + place.slice(1);
}

/** One failed constraint of the field at `path`, as a person reads it. */
function sentence(path: string[], constraint: string, message: string): string {
  const property = path[path.length - 1];
  const place = placeOf(path.slice(0, -1));
  const at = (text: string) => (place ? `${place}: ${text}` : text);
  if (constraint === 'whitelistValidation') return at(`${property} is not a field this request takes`);
  if (constraint === 'nestedValidation') return at(`${fieldLabel(property)} must be an object`);
  const label = isIndex(property) ? itemLabel(path[path.length - 2] ?? '', Number(property)) : fieldLabel(property);
  for (const [prefix, subject] of [
    [`each value in ${property} `, `each of ${label}`],
    [`${property} `, label],
    // A DTO's own message may name the field by its path ("recurrence.freq must be ...").
    [`${path.filter((s) => !isIndex(s)).join('.')} `, label],
  ] as const) {
    if (!message.startsWith(prefix)) continue;
    const predicate = message.slice(prefix.length);
    for (const [pattern, words] of PREDICATES) {
      const m = pattern.exec(predicate);
      if (m) return at(`${subject} ${words(...m.slice(1))}`);
    }
    return at(`${subject} ${predicate}`);
  }
  return at(message);
}

/** Checks of what a value is: when one fails, what else is wrong with the value says nothing more. */
const TYPE_CHECKS = new Set([
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isArray',
  'isObject',
  'isDateString',
  'isIso8601',
]);

/**
 * The failed constraints worth saying, as [constraint, message]: for a field not sent, that it is
 * required (in the DTO's words when it has them); for a value of the wrong type, only that.
 */
function essential(e: ValidationError): Array<[string, string]> {
  const failed = Object.entries(e.constraints ?? {});
  if (!failed.length || (failed.length === 1 && e.value !== undefined && e.value !== null)) return failed;
  if (e.value === undefined || e.value === null) {
    const own = failed.filter(([, m]) => /\brequired\b|at least one/.test(m));
    return own.length ? own : [['isDefined', `${e.property} should not be null or undefined`]];
  }
  const types = failed.filter(([c]) => TYPE_CHECKS.has(c));
  return types.length ? types : failed;
}

/**
 * Every failed constraint of a validated body, each with the field's path (`line_items[0].discount_percentage`)
 * and a sentence that names the field as a person reads it ("Line 1: discount must be between 0 and 100%").
 */
export function validationErrors(errors: ValidationError[], parent: string[] = []): FieldError[] {
  return errors.flatMap((e) => {
    // The body itself is not an object (forbidUnknownValues on the root).
    if (e.constraints?.unknownValue && !e.property)
      return [{ field: fieldPath(parent), detail: 'Request body must be a JSON object' }];
    const path = [...parent, e.property];
    const own = [...new Set(essential(e).map(([constraint, message]) => sentence(path, constraint, message)))].map(
      (detail) => ({ field: fieldPath(path), detail }),
    );
    return [...own, ...validationErrors(e.children ?? [], path)];
  });
}

/** The sentences of validationErrors, one per failed constraint. */
export function validationDetail(errors: ValidationError[]): string[] {
  return validationErrors(errors).map((e) => e.detail);
}

/**
 * The nested objects a validated body lacks although its DTO requires them: class-validator passes a
 * `@ValidateNested()` property that is missing, so a DTO that says nothing more (no `@IsOptional()`,
 * no `@ValidateIf()`) would reach its route without it. Read from the DTOs' own metadata, at every depth.
 */
export function missingNested(value: unknown, parent: string[] = []): FieldError[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => missingNested(v, [...parent, String(i)]));
  if (!value || typeof value !== 'object' || value.constructor === Object) return [];
  const metadata = getMetadataStorage().getTargetValidationMetadatas(value.constructor, '', true, false);
  const conditional = new Set(
    metadata.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION).map((m) => m.propertyName),
  );
  const nested = new Set(
    metadata.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION).map((m) => m.propertyName),
  );
  return [...nested].flatMap((property) => {
    const path = [...parent, property];
    const v = (value as Record<string, unknown>)[property];
    if (v === undefined || v === null) {
      if (conditional.has(property)) return [];
      const place = placeOf(parent);
      const detail = `${fieldLabel(property)} is required`;
      return [{ field: fieldPath(path), detail: place ? `${place}: ${detail}` : detail }];
    }
    return missingNested(v, path);
  });
}

/** Whether a body of `dto` has anything it must carry: a field without `@IsOptional()` or `@ValidateIf()`. */
export function requiresBody(dto: abstract new (...args: never[]) => unknown): boolean {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const conditional = new Set(
    metadata.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION).map((m) => m.propertyName),
  );
  return metadata.some((m) => !conditional.has(m.propertyName));
}
