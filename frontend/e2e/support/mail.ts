/**
 * The servers' mail outboxes (MAIL=outbox: one .eml file per message), read as a host's mail
 * client would: who it is to, its subject and its plain-text body, decoded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The .eml files in outbox `dir` addressed to `address` (none when the folder does not exist yet). */
export function outboxTo(dir: string, address: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((n) => readFileSync(join(dir, n), 'utf8'))
    .filter((b) => b.split('\r\n').some((line) => line.startsWith('To:') && line.includes(address)));
}

/**
 * The e-mail's plain-text part, quoted-printable decoded: from its headers to the next MIME
 * boundary of the message (any of them: the report e-mail nests its text and HTML inside a
 * part beside the PDF), so a "--" line of the e-mail's own (the signature's separator) does not
 * end it.
 */
export function mailText(eml: string): string {
  const start = /^Content-Type: text\/plain[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/im.exec(eml);
  if (!start) return '';
  const rest = eml.slice(start.index + start[0].length);
  const boundaries = [...eml.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => `\r\n--${m[1]}`);
  const end = Math.min(...boundaries.map((b) => rest.indexOf(b)).filter((i) => i >= 0), rest.length);
  const bytes = rest.slice(0, end).replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The Subject header of an .eml, RFC 2047 encoded-words (and folded lines) decoded. */
export function decodedSubject(eml: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(eml)?.[1] ?? '';
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** A header's value (folded lines joined), or '' when the message has none. */
export function header(eml: string, name: string): string {
  const head = eml.split('\r\n\r\n', 1)[0] ?? '';
  return new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(head)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
}
