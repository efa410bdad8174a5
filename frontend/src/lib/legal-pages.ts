/** The legal pages, in the order every footer and form lists them: decided here once. */
export const LEGAL_PAGES = [
  { path: '/terms', label: 'Terms' },
  { path: '/privacy', label: 'Privacy' },
  { path: '/refunds', label: 'Refund policy' },
] as const;

export type LegalPath = (typeof LEGAL_PAGES)[number]['path'];
