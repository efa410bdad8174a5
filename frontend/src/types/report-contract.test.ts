import { describe, expect, it } from 'vitest';
import schema from '../../../backend/report/result.schema.json';
import plans from '../../../backend/plans/plans.json';
import { generate, generatePlans, generateValidator } from '../../scripts/report-types.mjs';
import planTable from '@/types/plan-table.ts?raw';
import contract from '@/types/report-contract.ts?raw';
import validator from '@/types/report-validate.ts?raw';

describe('the report contract', () => {
  it('is generated from the Go types’ JSON Schema and up to date', () => {
    // If this fails: go test ./backend/report -run TestSchemaUpToDate -update, then node frontend/scripts/report-types.mjs
    expect(contract).toBe(generate(schema));
  });

  it('has its validator generated from the same schema and up to date', () => {
    // If this fails: node frontend/scripts/report-types.mjs
    expect(validator).toBe(generateValidator(schema));
  });
});

describe('the plan table', () => {
  it('is generated from the Go plan table and up to date', () => {
    // If this fails: go test ./backend/plans -update, then node frontend/scripts/report-types.mjs
    expect(planTable).toBe(generatePlans(plans));
  });
});
