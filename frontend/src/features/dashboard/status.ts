import { STATUS_LABELS } from '@/lib/orders/money';

/** SPEC §2 status colours: completed green, pending and processing amber, failed red, anything else grey. */
export type StatusTone = 'green' | 'amber' | 'red' | 'grey';

const TONES: Readonly<Record<string, StatusTone>> = {
  completed: 'green',
  pending: 'amber',
  processing: 'amber',
  failed: 'red',
};

export function statusTone(status: string): StatusTone {
  const key = status.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(TONES, key) ? (TONES[key] ?? 'grey') : 'grey';
}

/** "completed" → "Completed", "expired" → "Checkout not completed"; an empty status reads "Unknown". */
export function statusLabel(status: string): string {
  const known = STATUS_LABELS[status.trim().toLowerCase()];
  if (known) return known;
  const text = status.trim().replace(/[_-]+/g, ' ');
  return text === '' ? 'Unknown' : text.charAt(0).toUpperCase() + text.slice(1);
}
