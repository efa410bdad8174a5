/** SPEC §9: dashboard page size (the server pages by the same number). */
export const DASHBOARD_PAGE_SIZE = 5;
