/**
 * The check behind the generated report validator (report-validate.ts, written by
 * scripts/report-types.mjs from backend/report/result.schema.json): a body against a schema
 * compacted into nodes. Hand-written and generic; the generated file holds only the schema.
 */

/**
 * A schema node: 's' a string, 'n' a number, 'i' an integer, 'b' true or false, '' anything;
 * '#name' the schema's definition of that name; { e } one of the strings e; { p } a string matching p;
 * { a, l } a list of a (of exactly l items when l is set); { m } an object whose values are m;
 * { o } an object with the properties o ('name?' optional); { z } null or z.
 */
export type SchemaNode =
  | 's'
  | 'n'
  | 'i'
  | 'b'
  | ''
  | `#${string}`
  | { readonly e: readonly string[] }
  | { readonly p: RegExp }
  | { readonly a: SchemaNode; readonly l?: number }
  | { readonly m: SchemaNode }
  | { readonly o: Readonly<Record<string, SchemaNode>> }
  | { readonly z: SchemaNode };

/** A schema's definitions by name. */
export type Defs = Readonly<Record<string, SchemaNode>>;

/** What is wrong with `value` against `root` (one problem a line, each naming its path); none when it fits. */
export function checkSchema(root: SchemaNode, defs: Defs, value: unknown, path: string): string[] {
  const problems: string[] = [];
  check(root, defs, value, path, problems);
  return problems;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wrong(path: string, expected: string, value: unknown, problems: string[]): void {
  problems.push(`${path}: expected ${expected}, got ${kindOf(value)}`);
}

/** The primitive nodes: what each is called in a problem, and its test. */
const PRIMITIVES: Readonly<Record<string, readonly [string, (value: unknown) => boolean]>> = {
  s: ['a string', (value) => typeof value === 'string'],
  n: ['a number', (value) => typeof value === 'number' && Number.isFinite(value)],
  i: ['an integer', (value) => Number.isInteger(value)],
  b: ['true or false', (value) => typeof value === 'boolean'],
};

function check(node: SchemaNode, defs: Defs, value: unknown, path: string, problems: string[], orNull = ''): void {
  if (typeof node === 'string') {
    const primitive = PRIMITIVES[node];
    if (primitive !== undefined) {
      if (!primitive[1](value)) wrong(path, primitive[0] + orNull, value, problems);
      return;
    }
    if (node === '') return;
    const def = defs[node.slice(1)];
    if (def === undefined) throw new Error(`report schema: no definition ${node}`);
    check(def, defs, value, path, problems, orNull);
    return;
  }
  if ('z' in node) {
    if (value !== null) check(node.z, defs, value, path, problems, ' or null');
    return;
  }
  if ('e' in node) {
    if (typeof value !== 'string' || !node.e.includes(value)) wrong(path, `one of ${node.e.map((e) => e || '""').join(', ')}${orNull}`, value, problems);
    return;
  }
  if ('p' in node) {
    if (typeof value !== 'string' || !node.p.test(value)) wrong(path, `a string like ${node.p.source}${orNull}`, value, problems);
    return;
  }
  if ('a' in node) {
    if (!Array.isArray(value)) {
      wrong(path, 'a list' + orNull, value, problems);
      return;
    }
    if (node.l !== undefined && value.length !== node.l) wrong(path, `a list of ${node.l}`, value, problems);
    value.forEach((item: unknown, i) => { check(node.a, defs, item, `${path}[${i}]`, problems); });
    return;
  }
  if (!isObject(value)) {
    wrong(path, 'an object' + orNull, value, problems);
    return;
  }
  if ('m' in node) {
    for (const [key, item] of Object.entries(value)) check(node.m, defs, item, `${path}.${key}`, problems);
    return;
  }
  for (const [name, prop] of Object.entries(node.o)) {
    const optional = name.endsWith('?');
    const key = optional ? name.slice(0, -1) : name;
    if (value[key] !== undefined) check(prop, defs, value[key], `${path}.${key}`, problems);
    else if (!optional) problems.push(`${path}.${key}: missing`);
  }
}
