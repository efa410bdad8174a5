/**
 * The report's sections below the first screen, every plan (a chunk of its own, loaded by
 * results-screen.tsx as the host scrolls or once the page is idle).
 */
export { DescriptionRewrite } from './sections/description-rewrite';
export { AreaDetails, ImmediateActions } from './sections/immediate-actions';
export { ListingRead } from './sections/listing-read';
export { PdfReport } from './sections/pdf-report';
export { SuggestedAmenities } from './sections/suggested-amenities';
export { SummaryCards } from './sections/summary-cards';
