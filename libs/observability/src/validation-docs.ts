import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ApiProperty, type ApiPropertyOptions, type OpenAPIObject } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/**
 * One source for validation and documentation: the class-validator constraints of every DTO a route
 * takes (its body, its query) become that class's OpenAPI schema, through @nestjs/swagger's own
 * property metadata, before the document is made. So the document says what the validation enforces:
 * required fields, types, lengths, ranges, enums, patterns, formats, array sizes, nested objects.
 * Returns the names of the classes documented (their schemas refuse extra properties, as the
 * ValidationPipe's `forbidNonWhitelisted` does).
 */
export function documentValidation(app: INestApplication): Set<string> {
  const documented = new Set<string>();
  const visit = (cls: Type<unknown>) => {
    if (documented.has(cls.name)) return;
    const rules = validationOf(cls);
    if (!rules.length) return;
    documented.add(cls.name);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    for (const [property, own] of byProperty) {
      const nested = nestedType(cls, property, own);
      if (nested) visit(nested);
      ApiProperty(propertyOptions(cls, property, own, nested))(cls.prototype as object, property);
    }
  };
  for (const cls of routeArgumentClasses(app)) visit(cls);
  return documented;
}

type ParameterSchema = { type?: string; pattern?: string; enum?: unknown[]; maxLength?: number };

/** The longest path parameter a route takes (the services' router refuses longer ones with 414). */
export const MAX_PATH_PARAMETER = 512;

/** An id the stores made (a MongoDB ObjectId): any other value names nothing (404). */
const OBJECT_ID: ParameterSchema = { type: 'string', pattern: '^[a-fA-F0-9]{24}$' };

/** What the path parameters of these names hold, in every service, unless a route says otherwise (@ApiParam). */
const PATH_PARAMETERS: Record<string, ParameterSchema> = {
  id: OBJECT_ID,
  userId: OBJECT_ID,
  runId: OBJECT_ID,
  // Capability tokens in links (quotes, signing, sharing, calendar feeds): base64url pieces joined by dots.
  token: { type: 'string', pattern: `^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,${MAX_PATH_PARAMETER - 1}}$` },
};

/**
 * Documents what each path parameter holds (PATH_PARAMETERS by name), where its route did not
 * (@ApiParam with a pattern or an enum). A value outside it finds nothing (404) or is refused (400).
 */
export function documentPathParameters(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item as object)) {
      const parameters = (op as { parameters?: unknown[] } | null)?.parameters ?? [];
      for (const p of parameters as Array<{ in?: string; name?: string; schema?: ParameterSchema }>) {
        const known = p.in === 'path' && p.name ? PATH_PARAMETERS[p.name] : undefined;
        if (known && !p.schema?.pattern && !p.schema?.enum) p.schema = { ...p.schema, ...known };
      }
    }
  }
}

function validationOf(cls: Type<unknown>): ValidationMetadata[] {
  return getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
}

/** The classes of the bodies and queries the app's routes take. */
function routeArgumentClasses(app: INestApplication): Set<Type<unknown>> {
  const classes = new Set<Type<unknown>>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.values()) {
      const proto = (controller.metatype as Type<unknown> | null)?.prototype as object | undefined;
      if (!proto) continue;
      for (const method of Object.getOwnPropertyNames(proto)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, proto.constructor, method) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', proto, method) ?? []) as unknown[];
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          if (kind !== RouteParamtypes.BODY && kind !== RouteParamtypes.QUERY) continue;
          const type = types[arg.index];
          if (arg.data === undefined && typeof type === 'function' && type !== Object)
            classes.add(type as Type<unknown>);
        }
      }
    }
  }
  return classes;
}

/** The class of a nested object (`@ValidateNested()` with class-transformer's `@Type`), if any. */
function nestedType(cls: Type<unknown>, property: string, rules: ValidationMetadata[]): Type<unknown> | null {
  if (!rules.some((r) => r.type === 'nestedValidation')) return null;
  const declared = defaultMetadataStorage.findTypeMetadata(cls, property)?.typeFunction() as Type<unknown> | undefined;
  return declared && validationOf(declared).length ? declared : null;
}

const FORMATS: Record<string, string> = {
  isEmail: 'email',
  isUrl: 'uri',
  isIso8601: 'date-time',
  isDateString: 'date-time',
};
const TYPES: Record<string, string> = {
  isString: 'string',
  isInt: 'integer',
  isNumber: 'number',
  isBoolean: 'boolean',
  isObject: 'object',
  isEmail: 'string',
  isUrl: 'string',
  isIso8601: 'string',
  isDateString: 'string',
};

/** What one property's rules say, as swagger's property options. */
function propertyOptions(
  cls: Type<unknown>,
  property: string,
  rules: ValidationMetadata[],
  nested: Type<unknown> | null,
): ApiPropertyOptions {
  const value: Record<string, unknown> = {};
  const item: Record<string, unknown> = {};
  let isArray = rules.some(
    (r) => r.name === 'isArray' || r.each || r.name === 'arrayMaxSize' || r.name === 'arrayMinSize',
  );
  const designType = Reflect.getMetadata('design:type', cls.prototype as object, property) as unknown;
  if (designType === Array) isArray = true;
  const optional = rules.some((r) => r.type === 'conditionalValidation');
  for (const rule of rules) {
    const target = rule.each ? item : value;
    const [c0] = (rule.constraints ?? []) as unknown[];
    switch (rule.name) {
      case 'minLength':
        target.minLength = c0;
        break;
      case 'maxLength':
        target.maxLength = c0;
        break;
      case 'min':
        target.minimum = c0;
        break;
      case 'max':
        target.maximum = c0;
        break;
      case 'isIn':
        target.enum = c0;
        break;
      case 'equals':
        target.enum = [c0];
        break;
      case 'matches':
        target.pattern = c0 instanceof RegExp ? c0.source : String(c0);
        target.type ??= 'string';
        break;
      case 'isNotEmpty':
        target.minLength ??= 1;
        break;
      case 'arrayMinSize':
        value.minItems = c0;
        break;
      case 'arrayMaxSize':
        value.maxItems = c0;
        break;
      default:
        if (rule.name && TYPES[rule.name]) (isArray && !rule.each ? item : target).type ??= TYPES[rule.name];
        if (rule.name && FORMATS[rule.name]) target.format = FORMATS[rule.name];
        // An address of the schemes it names only (http(s): not mailto:, webcal:, ...).
        if (rule.name === 'isUrl' && (c0 as { require_protocol?: boolean } | undefined)?.require_protocol) {
          const protocols = (c0 as { protocols?: string[] }).protocols ?? ['http', 'https', 'ftp'];
          target.pattern = `^(${protocols.join('|')})://`;
        }
    }
  }
  const options = { required: !optional, ...(optional ? { nullable: true } : {}) };
  // @IsOptional() lets null through: an enum says so among its values (OpenAPI 3.0.3's reading of nullable).
  if (optional && Array.isArray(value.enum)) value.enum = [...(value.enum as unknown[]), null];
  if (nested) return { ...options, ...value, type: nested, isArray } as ApiPropertyOptions;
  if (!isArray) {
    value.type ??= enumType(value.enum) ?? scalarOf(designType);
    // Nothing says its type (`unknown`): any JSON value (swagger would otherwise say "object").
    if (!value.type) return { ...options, ...value, oneOf: ANY_JSON } as ApiPropertyOptions;
    return { ...options, ...value } as ApiPropertyOptions;
  }
  const items = { ...item, type: item.type ?? enumType(item.enum) ?? 'string' };
  return { ...options, ...value, type: 'array', items } as ApiPropertyOptions;
}

/** An enum's type, from its values (a union of strings is `Object` to the emitted design type). */
function enumType(values: unknown): string | undefined {
  if (!Array.isArray(values) || !values.length) return undefined;
  if (values.every((v) => typeof v === 'string')) return 'string';
  return values.every((v) => typeof v === 'number') ? 'number' : undefined;
}

const ANY_JSON = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'object' },
  { type: 'array', items: {} },
];

function scalarOf(designType: unknown): string | undefined {
  if (designType === String) return 'string';
  if (designType === Number) return 'number';
  if (designType === Boolean) return 'boolean';
  if (designType === Date) return 'string';
  // Object is what TypeScript emits for unknown, unions and interfaces: any JSON value, as far as it says.
  return undefined;
}
