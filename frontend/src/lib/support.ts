/** Links to ListingLift support, built from the runtime configuration (supportEmail, supportPhone). */

/** A mailto: link; subject and body are URL-encoded (RFC 6068), so any text is safe in them. */
export function supportMailto(email: string, message: { subject?: string; body?: string } = {}): string {
  const params: string[] = [];
  if (message.subject) params.push(`subject=${encodeURIComponent(message.subject)}`);
  if (message.body) params.push(`body=${encodeURIComponent(message.body)}`);
  return `mailto:${email}${params.length ? `?${params.join('&')}` : ''}`;
}

/** A tel: link with only the digits and a leading "+" ("+1-555-0100" → "tel:+15550100"); "" when there is no number. */
export function supportTel(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : '';
}
