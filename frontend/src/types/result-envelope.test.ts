import { describe, expect, it } from 'vitest';
import schema from '../../../backend/httpapi/result-envelope.schema.json';
import { generateEnvelope } from '../../scripts/report-types.mjs';
import envelope from '@/types/result-envelope.ts?raw';

describe('the result envelope', () => {
  it('is generated from the Go types’ JSON Schema and up to date', () => {
    // If this fails: go test ./backend/httpapi -run TestEnvelopeSchemaUpToDate -update, then node frontend/scripts/report-types.mjs
    expect(envelope).toBe(generateEnvelope(schema));
  });
});
