import { describe, expect, it } from 'vitest';
import schema from '../../../backend/report/result.schema.json';
import { generate } from '../../scripts/report-types.mjs';
import contract from '@/types/report-contract.ts?raw';

describe('the report contract', () => {
  it('is generated from the Go types’ JSON Schema and up to date', () => {
    // If this fails: go test ./backend/report -run TestSchemaUpToDate -update, then node frontend/scripts/report-types.mjs
    expect(contract).toBe(generate(schema));
  });
});
