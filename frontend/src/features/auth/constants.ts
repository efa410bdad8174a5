/** SPEC §4, §9: after "This email is already registered…", go to /login after 3 s. */
export const EXISTING_ACCOUNT_REDIRECT_MS = 3000;
