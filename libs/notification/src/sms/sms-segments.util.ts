/** How an SMS text is encoded on the air. */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** What an SMS text costs: its encoding, its length in that encoding's units, and its segments. */
export interface SmsSegmentInfo {
  encoding: SmsEncoding;
  /** Septets (GSM-7, extension characters count two) or UTF-16 code units (UCS-2). */
  units: number;
  /** Parts the carrier bills: 160/153 septets or 70/67 UTF-16 units per part. */
  segments: number;
}

// GSM 03.38 basic character set (Latin-1 subset, Greek capitals, a few symbols)
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
// the extension table: an escape septet plus one
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * The encoding and segment count of an SMS text, as carriers count them:
 * GSM-7 when every character is in the GSM 03.38 tables (160 septets in one
 * segment, 153 per segment of a longer message), else UCS-2 (70 UTF-16 units,
 * 67 per segment; a surrogate pair is never split).
 * @example smsSegments('Olá') // { encoding: 'GSM-7', units: 3, segments: 1 }
 */
export function smsSegments(text: string): SmsSegmentInfo {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return {
      encoding: 'GSM-7',
      units: septets,
      segments: septets <= 160 ? 1 : gsmSegments(text),
    };
  }
  return { encoding: 'UCS-2', units: text.length, segments: ucs2Segments(text) };
}

/** Extension characters are not split from their escape septet. */
function gsmSegments(text: string): number {
  let segments = 1;
  let used = 0;
  for (const char of text) {
    const size = GSM_EXTENDED.has(char) ? 2 : 1;
    if (used + size > 153) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return segments;
}

function ucs2Segments(text: string): number {
  if (text.length <= 70) return 1;
  let segments = 1;
  let used = 0;
  for (const char of text) {
    if (used + char.length > 67) {
      segments += 1;
      used = 0;
    }
    used += char.length;
  }
  return segments;
}
