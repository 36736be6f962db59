import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_MIN_SIDE, type LogoMediaType } from '@giftrelay/contracts';
import { validationError } from '../../lib/errors';
import { checkSvg, SvgRefused } from './svg-check';

export interface CheckedLogo {
  mediaType: LogoMediaType;
  content: Buffer;
  sha256: string;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const refused = (message: string) => validationError(`body.data: ${message}`, [{ path: 'body.data', message }]);

/**
 * A PNG's size, after walking every chunk: the signature, IHDR first, each chunk's CRC, IEND
 * last and nothing after it. A file that only starts like a PNG is refused.
 */
function checkPng(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw refused('is not a PNG image (it does not start with the PNG signature)');
  }
  let at = 8;
  let size: { width: number; height: number } | undefined;
  for (;;) {
    if (at + 12 > bytes.length) throw refused('is not a complete PNG image (it ends before its IEND chunk)');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (length > bytes.length - at - 12) throw refused('is not a valid PNG image (a chunk runs past the end)');
    const crc = bytes.readUInt32BE(at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== crc)
      throw refused('is not a valid PNG image (a chunk is corrupt)');
    if (!size) {
      if (type !== 'IHDR' || length !== 13) throw refused('is not a valid PNG image (IHDR must come first)');
      size = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
    }
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (at !== bytes.length) throw refused('has data after the end of the PNG image');
  return size;
}

/**
 * The logo as uploaded, checked: base64 that decodes exactly, at most 512 KB, the media type its
 * bytes really are, a PNG walked chunk by chunk with sides from 16 to 4096 pixels, or an SVG that
 * passes the allow-list (svg-check.ts). Anything else is 400 VALIDATION_ERROR naming body.data.
 */
export function checkLogo(mediaType: LogoMediaType, base64: string): CheckedLogo {
  const content = Buffer.from(base64, 'base64');
  // Node skips what is not base64; re-encoding shows whether anything was.
  if (content.toString('base64').replace(/=+$/, '') !== base64.replace(/=+$/, '')) {
    throw refused('must be the file in base64');
  }
  if (content.length === 0) throw refused('is empty');
  if (content.length > LOGO_MAX_BYTES) throw refused(`the logo must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  let size: { width: number; height: number };
  if (mediaType === 'image/png') {
    size = checkPng(content);
    const { width, height } = size;
    if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
      throw refused(
        `the PNG is ${width}×${height} pixels; each side must be from ${LOGO_MIN_SIDE} to ${LOGO_MAX_SIDE} pixels`,
      );
    }
  } else {
    if (content.subarray(0, 8).equals(PNG_SIGNATURE)) throw refused('is a PNG image, not an SVG');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
    if (text.includes('\uFFFD')) throw refused('is not an SVG image (it is not UTF-8 text)');
    try {
      size = checkSvg(text.replace(/^\uFEFF/, ''));
    } catch (err) {
      if (err instanceof SvgRefused) throw refused(`this SVG is refused: ${err.message}`);
      throw err;
    }
  }
  return { mediaType, content, sha256: createHash('sha256').update(content).digest('hex'), ...size };
}
