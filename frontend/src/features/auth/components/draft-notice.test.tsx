import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DraftNotice } from './draft-notice';

const DRAFT = { listingUrl: 'https://www.airbnb.com/rooms/777', email: 'host@example.com', title: '', description: '' };

describe('DraftNotice', () => {
  it.each([
    [true, 'basic', 'Your listing and the Basic plan are saved — you’ll continue to checkout next.'],
    [true, 'premium', 'Your listing and the Premium plan are saved — you’ll continue to checkout next.'],
    [false, 'basic', 'Your listing and the Basic plan are saved — your report starts right after.'],
    [false, 'premium', 'Your listing and the Premium plan are saved — your report starts right after.'],
  ] as const)('with payments %s and a %s draft, says what comes after signing in', (paymentsEnabled, selectedPlan, sentence) => {
    render(<DraftNotice draft={{ ...DRAFT, selectedPlan }} config={{ paymentsEnabled }} />);
    expect(screen.getByTestId('draft-notice')).toHaveTextContent(new RegExp(`^${sentence}$`));
  });

  it('says nothing without a draft', () => {
    const { container } = render(<DraftNotice draft={null} config={{ paymentsEnabled: true }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
