/** SPEC §8: the generic error message. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
