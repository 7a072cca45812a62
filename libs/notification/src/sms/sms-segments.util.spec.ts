import { smsSegments } from './sms-segments.util.js';

describe('smsSegments', () => {
  it('counts GSM-7 text in septets: 160 fit one segment, 161 need two of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension table (€ [ ] { } ~ ^ | \\) as two septets', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('an empty text is one segment', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
  });

  it('switches to UCS-2 for one character outside GSM-7: 70 fit one segment, then 67 each', () => {
    expect(smsSegments('ü'.repeat(10)).encoding).toBe('GSM-7'); // ü is in the GSM-7 table
    expect(smsSegments('ç' + 'a'.repeat(69))).toEqual({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
    });
    expect(smsSegments('ç' + 'a'.repeat(70)).segments).toBe(2);
    expect(smsSegments('こんにちは').encoding).toBe('UCS-2');
    expect(smsSegments('مرحبا').encoding).toBe('UCS-2');
  });

  it('counts a character outside the BMP as two UTF-16 units', () => {
    expect(smsSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('😀'.repeat(36)).segments).toBe(2);
  });

  it('never splits a surrogate pair across segments', () => {
    // 66 units then a pair: 68 > 67, so the pair opens the second segment (134 units: 3, not 2)
    const text = 'ç' + 'a'.repeat(65) + '😀' + 'b'.repeat(66);
    expect(smsSegments(text)).toEqual({ encoding: 'UCS-2', units: 134, segments: 3 });
  });
});
