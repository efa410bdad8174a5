#!/usr/bin/env node
/**
 * Generates the report's TypeScript types from its JSON Schema, which the Go types produce
 * (backend/report/result.schema.json, kept current by `go test ./backend/report`):
 *
 *   node frontend/scripts/report-types.mjs          write src/types/report-contract.ts and src/types/plan-table.ts
 *   node frontend/scripts/report-types.mjs --check  fail when either file is out of date
 *
 * plan-table.ts is the plan table (backend/plans, written to plans.json by `go test ./backend/plans -update`)
 * for the build: the prerendered landing page and the defaults when /runtime-config.js is absent.
 *
 * Only the schema subset backend/report/schema.go writes is understood.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SCHEMA_PATH = join(here, '../../backend/report/result.schema.json');
export const OUTPUT_PATH = join(here, '../src/types/report-contract.ts');
export const PLANS_PATH = join(here, '../../backend/plans/plans.json');
export const PLANS_OUTPUT_PATH = join(here, '../src/types/plan-table.ts');

/** "analysis.Action" → "AnalysisAction". */
function typeName(def) {
  return def
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function isIdentifier(name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

function typeOf(schema, indent) {
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
          return 'string';
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
    '// The report as the server sends it; lib/report/read.ts reads it defensively.',
    '',
  ];
  for (const def of defs) {
    out.push(`export interface ${typeName(def)} ${objectBody(schema.$defs[def], 0)}`, '');
  }
  out.push(`export type ReportContract = ${typeName(schema.$ref.replace('#/$defs/', ''))};`, '');
  return out.join('\n');
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outputs = [
    [OUTPUT_PATH, generate(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')))],
    [PLANS_OUTPUT_PATH, generatePlans(JSON.parse(readFileSync(PLANS_PATH, 'utf8')))],
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
