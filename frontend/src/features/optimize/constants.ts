/** SPEC §4, §9: a signed-out submit goes to /signup this long after saving the draft. */
export const SIGNUP_REDIRECT_MS = 1500;
/** SPEC §4, §9: a restored draft is submitted this long after it was restored. */
export const AUTO_SUBMIT_DELAY_MS = 2000;
/** SPEC §9: results show the top 3 titles… */
export const TOP_TITLE_SUGGESTIONS = 3;
/** …and up to 5 suggested amenities. */
export const MAX_SUGGESTED_AMENITIES = 5;
/**
 * What a report made from typed details leaves out (the server's listing.NotReadList says
 * the same in the report's warning and in create-checkout-session's offer).
 */
export const NOT_READ_SECTIONS = 'photos, amenities, ratings and reviews, the calendar, pricing and the market comparison';
