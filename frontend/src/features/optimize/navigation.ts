/**
 * Leaving the app for the payment provider's hosted checkout. Behind an object so tests
 * can spy on it (jsdom cannot navigate): vi.spyOn(checkoutNavigation, 'assign').
 */
export const checkoutNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
