/** Types of report-types.mjs, for the drift test. */
export const SCHEMA_PATH: string;
export const OUTPUT_PATH: string;
export function generate(schema: unknown): string;
export const PLANS_PATH: string;
export const PLANS_OUTPUT_PATH: string;
export function generatePlans(plans: unknown): string;
export const VALIDATOR_OUTPUT_PATH: string;
export function generateValidator(schema: unknown): string;
export const ENVELOPE_PATH: string;
export const ENVELOPE_OUTPUT_PATH: string;
export function generateEnvelope(schema: unknown): string;
