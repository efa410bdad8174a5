#!/usr/bin/env node
/**
 * Generates the report's TypeScript types from its JSON Schema, which the Go types produce
 * (backend/report/result.schema.json, kept current by `go test ./backend/report`):
 *
 *   node frontend/scripts/report-types.mjs          write src/types/report-contract.ts, src/types/report-validate.ts,
 *                                                   src/types/plan-table.ts and src/types/result-envelope.ts
 *   node frontend/scripts/report-types.mjs --check  fail when any of them is out of date
 *
 * report-validate.ts is the browser's one runtime check of a report body: the schema, compacted,
 * and a dependency-free checker of it (no ajv: the report chunk stays small).
 *
 * plan-table.ts is the plan table (backend/plans, written to plans.json by `go test ./backend/plans -update`)
 * for the build: the prerendered landing page and the defaults when /runtime-config.js is absent.
 *
 * result-envelope.ts is the result endpoint's answers (GET /api/get-optimization-result/{key}) and the
 * order stage list, from backend/httpapi/result-envelope.schema.json (kept current by
 * `go test ./backend/httpapi -run TestEnvelopeSchemaUpToDate`): its "data" is the report contract.
 *
 * Only the schema subset backend/report/schema.go and backend/jsonschema write is understood.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SCHEMA_PATH = join(here, '../../backend/report/result.schema.json');
export const OUTPUT_PATH = join(here, '../src/types/report-contract.ts');
export const PLANS_PATH = join(here, '../../backend/plans/plans.json');
export const PLANS_OUTPUT_PATH = join(here, '../src/types/plan-table.ts');
export const VALIDATOR_OUTPUT_PATH = join(here, '../src/types/report-validate.ts');
export const ENVELOPE_PATH = join(here, '../../backend/httpapi/result-envelope.schema.json');
export const ENVELOPE_OUTPUT_PATH = join(here, '../src/types/result-envelope.ts');

/** The report schema's $id: the envelope's "data" refers to it. */
const REPORT_SCHEMA_ID = 'https://listinglift.app/schemas/report-result.json';

/** "analysis.Action" → "AnalysisAction". */
function typeName(def) {
  return def
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** A string as a single-quoted TypeScript literal. */
function quote(value) {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function isIdentifier(name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

function typeOf(schema, indent) {
  if (schema.$ref === REPORT_SCHEMA_ID) return 'ReportContract';
  if (schema.$ref) return typeName(schema.$ref.replace('#/$defs/', ''));
  if (schema.anyOf) return schema.anyOf.map((s) => typeOf(s, indent)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return 'unknown';
  return types
    .map((type) => {
      switch (type) {
        case 'null':
          return 'null';
        case 'string':
          return schema.enum ? schema.enum.map(quote).join(' | ') : 'string';
        case 'boolean':
          return 'boolean';
        case 'integer':
        case 'number':
          return 'number';
        case 'array': {
          const item = typeOf(schema.items ?? {}, indent);
          if (schema.minItems !== undefined && schema.minItems === schema.maxItems) {
            return `[${Array.from({ length: schema.minItems }, () => item).join(', ')}]`;
          }
          return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        case 'object':
          if (schema.properties) return objectBody(schema, indent);
          return `Record<string, ${typeOf(schema.additionalProperties ?? {}, indent)}>`;
        default:
          throw new Error(`report-types: unknown schema type ${type}`);
      }
    })
    .join(' | ');
}

function objectBody(schema, indent) {
  const required = new Set(schema.required ?? []);
  const pad = '  '.repeat(indent + 1);
  const lines = Object.keys(schema.properties)
    .sort()
    .map((name) => {
      const key = isIdentifier(name) ? name : JSON.stringify(name);
      return `${pad}${key}${required.has(name) ? '' : '?'}: ${typeOf(schema.properties[name], indent + 1)};`;
    });
  return `{\n${lines.join('\n')}\n${'  '.repeat(indent)}}`;
}

/** The TypeScript module for `schema`. */
export function generate(schema) {
  const defs = Object.keys(schema.$defs).sort();
  const out = [
    '// Generated from backend/report/result.schema.json by frontend/scripts/report-types.mjs: do not edit.',
    '// The report as the server sends it; types/report-validate.ts checks a body against it.',
    '',
  ];
  for (const def of defs) {
    out.push(`export interface ${typeName(def)} ${objectBody(schema.$defs[def], 0)}`, '');
  }
  out.push(`export type ReportContract = ${typeName(schema.$ref.replace('#/$defs/', ''))};`, '');
  return out.join('\n');
}

/**
 * A schema node, compacted for the validator (report-validate.ts documents the forms). Only the
 * subset backend/report/schema.go writes is understood; anything else fails the generation.
 */
function compact(schema) {
  if (schema.$ref) return `#${schema.$ref.replace('#/$defs/', '')}`;
  if (schema.anyOf) {
    const [inner, nul] = schema.anyOf;
    if (schema.anyOf.length !== 2 || nul.type !== 'null') throw new Error(`report-types: unsupported anyOf ${JSON.stringify(schema)}`);
    return { z: compact(inner) };
  }
  if (Array.isArray(schema.type)) {
    const [type, nul] = schema.type;
    if (schema.type.length !== 2 || nul !== 'null') throw new Error(`report-types: unsupported type ${JSON.stringify(schema.type)}`);
    return { z: compact({ ...schema, type }) };
  }
  switch (schema.type) {
    case undefined:
      return '';
    case 'string':
      if (schema.enum && schema.pattern) throw new Error('report-types: a string with both enum and pattern');
      if (schema.enum) return { e: schema.enum };
      if (schema.pattern) return { p: new RegExp(schema.pattern) };
      return 's';
    case 'number':
      return 'n';
    case 'integer':
      return 'i';
    case 'boolean':
      return 'b';
    case 'array':
      return schema.minItems !== undefined && schema.minItems === schema.maxItems
        ? { a: compact(schema.items), l: schema.minItems }
        : { a: compact(schema.items) };
    case 'object': {
      if (!schema.properties) return { m: compact(schema.additionalProperties ?? {}) };
      const required = new Set(schema.required ?? []);
      const o = {};
      for (const name of Object.keys(schema.properties).sort()) o[required.has(name) ? name : `${name}?`] = compact(schema.properties[name]);
      return { o };
    }
    default:
      throw new Error(`report-types: unknown schema type ${schema.type}`);
  }
}

/** A compacted node as TypeScript source (regular expressions as literals). */
function source(node) {
  if (node instanceof RegExp) return node.toString();
  if (typeof node === 'string') return quote(node);
  if (typeof node === 'number') return String(node);
  if (Array.isArray(node)) return `[${node.map(source).join(', ')}]`;
  const entries = Object.entries(node).map(([k, v]) => `${isIdentifier(k) ? k : quote(k)}: ${source(v)}`);
  return `{ ${entries.join(', ')} }`;
}

// The check itself is hand-written and generic (src/types/schema-check.ts); the generated
// module holds the schema, compacted, and the report's entry point.
const VALIDATOR_ENTRY = `
/** A report body checked: the typed report, or what is wrong with it, one problem a line. */
export type ReportCheck = { ok: true; report: ReportContract } | { ok: false; problems: string[] };

/**
 * Checks a parsed body against the report's schema (types and required fields, null only where
 * the server writes null, closed sets, date layouts). Properties the schema does not know are
 * let through: a page opened before the server added a field keeps reading the report.
 * Each problem names its path: 'report.actions[2].priority: expected one of HIGH, MEDIUM, LOW, "", got "URGENT"'
 * ("" is what a report stored before the field existed is served with).
 */
export function validateReport(value: unknown, path = 'report'): ReportCheck {
  const problems = checkSchema(ROOT, DEFS, value, path);
  return problems.length === 0 ? { ok: true, report: value as ReportContract } : { ok: false, problems };
}
`;

/** The TypeScript module that checks a report body against `schema`. */
export function generateValidator(schema) {
  const defs = Object.keys(schema.$defs)
    .sort()
    .map((def) => `  ${quote(def)}: ${source(compact(schema.$defs[def]))},`);
  return [
    '// Generated from backend/report/result.schema.json by frontend/scripts/report-types.mjs: do not edit.',
    "import { type ReportContract } from './report-contract';",
    "import { checkSchema, type Defs, type SchemaNode } from './schema-check';",
    VALIDATOR_ENTRY,
    `const ROOT: SchemaNode = ${quote(compact({ $ref: schema.$ref }))};`,
    '',
    '/** The schema\'s definitions, compacted (see SchemaNode). */',
    `const DEFS: Defs = {\n${defs.join('\n')}\n};`,
    '',
  ].join('\n');
}

/** A field's TypeScript type, from its value in every plan ("basic" | "premium" for the id). */
function fieldType(key, values) {
  if (key === 'id') return values.map((v) => JSON.stringify(v)).join(' | ');
  const v = values[0];
  if (Array.isArray(v)) return 'readonly string[]';
  return typeof v;
}

/** The TypeScript module for the plan table `plans` (plans.json). */
export function generatePlans(plans) {
  const keys = Object.keys(plans[0]);
  const fields = keys.map((key) => `  ${key}: ${fieldType(key, plans.map((p) => p[key]))};`);
  return [
    '// Generated from backend/plans/plans.json by frontend/scripts/report-types.mjs: do not edit.',
    '// The plan table as the server serves it in /runtime-config.js; lib/plans reads the served one.',
    '',
    `export interface PlanFacts {\n${fields.join('\n')}\n}`,
    '',
    `export const PLAN_TABLE: readonly PlanFacts[] = ${JSON.stringify(plans, null, 2)};`,
    '',
  ].join('\n');
}

/** The TypeScript module for the result envelope's schema: its types, and each closed set as a list. */
export function generateEnvelope(schema) {
  const out = [
    '// Generated from backend/httpapi/result-envelope.schema.json by frontend/scripts/report-types.mjs: do not edit.',
    '// The result endpoint\'s answers as the server sends them (backend/httpapi), and the order stages in their order.',
    "import { type ReportContract } from './report-contract';",
    '',
  ];
  for (const def of Object.keys(schema.$defs).sort()) {
    const node = schema.$defs[def];
    if (node.type === 'string' && node.enum) {
      const list = `${typeName(def)}Values`;
      out.push(`export const ${list} = [${node.enum.map(quote).join(', ')}] as const;`, `export type ${typeName(def)} = (typeof ${list})[number];`, '');
    } else {
      out.push(`export interface ${typeName(def)} ${objectBody(node, 0)}`, '');
    }
  }
  out.push(`export type ResultEnvelope = ${schema.anyOf.map((s) => typeOf(s, 0)).join(' | ')};`, '');
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outputs = [
    [OUTPUT_PATH, generate(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')))],
    [VALIDATOR_OUTPUT_PATH, generateValidator(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')))],
    [PLANS_OUTPUT_PATH, generatePlans(JSON.parse(readFileSync(PLANS_PATH, 'utf8')))],
    [ENVELOPE_OUTPUT_PATH, generateEnvelope(JSON.parse(readFileSync(ENVELOPE_PATH, 'utf8')))],
  ];
  for (const [path, text] of outputs) {
    if (process.argv.includes('--check')) {
      if (readFileSync(path, 'utf8') !== text) {
        console.error(`${path} is out of date: run node frontend/scripts/report-types.mjs`);
        process.exit(1);
      }
    } else {
      writeFileSync(path, text);
    }
  }
}
