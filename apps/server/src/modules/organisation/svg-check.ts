import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * A strict allow-list for uploaded SVG logos (decision 033). The logo is shown in emails and on
 * the claim page, and anyone may open its URL as a document, so it must be a picture and nothing
 * else: no script, no event handler, no foreign HTML, nothing fetched from elsewhere. Rather than
 * clean a hostile file (and risk a parser differential), anything outside the list refuses the
 * whole file with the reason; the file is stored exactly as checked.
 *
 * Parsed with saxes, a strict XML 1.0 parser: malformed XML is refused; a DOCTYPE (and so any
 * entity declaration) is refused before anything else; entities other than XML's five are errors.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'metadata',
  'symbol',
  'use',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'image',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

// Presentation and geometry attributes; nothing that names a script, a URL or an event.
const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'version',
  'baseProfile',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'transform',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'stdDeviation',
  'edgeMode',
  'values',
  'type',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'radius',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'display',
  'visibility',
  'overflow',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'paint-order',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'mix-blend-mode',
  'isolation',
  'enable-background',
  'role',
  'aria-label',
  'aria-hidden',
  'aria-labelledby',
  'focusable',
  'data-name',
  'media',
]);

/** url(#id) is a reference inside the file; any other url() would fetch something. */
const LOCAL_URL = /^url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)$/i;
const ANY_URL = /url\s*\([^)]*\)?/gi;
// Raster pictures embedded in the file itself, nothing else.
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

export class SvgRefused extends Error {}

const refuse = (reason: string): never => {
  throw new SvgRefused(reason);
};

/** Refuses CSS (a style attribute or element) that could fetch or run anything. */
function checkCss(css: string, where: string) {
  if (css.includes('\\')) refuse(`${where} uses a CSS escape`);
  if (/@import/i.test(css)) refuse(`${where} uses @import`);
  if (/@font-face|expression\s*\(|javascript:|behavior\s*:|-moz-binding|image-set\s*\(|image\s*\(/i.test(css)) {
    refuse(`${where} has CSS that can load or run something`);
  }
  for (const match of css.match(ANY_URL) ?? []) {
    if (!LOCAL_URL.test(match.trim())) refuse(`${where} has url() pointing outside the image`);
  }
  if (/</.test(css)) refuse(`${where} has markup in its CSS`);
}

function checkAttribute(
  element: string,
  attr: { name: string; local: string; prefix: string; uri: string; value: string },
) {
  const where = `<${element} ${attr.name}>`;
  if (attr.uri === XMLNS_NS || attr.name === 'xmlns') return;
  if (/^on/i.test(attr.local)) refuse(`${where} is an event handler`);
  const value = attr.value;
  if (/(?:java|vb)script\s*:/i.test(value.replace(/\s/g, ''))) refuse(`${where} has a javascript: URL`);
  if (attr.local === 'href' && (attr.uri === XLINK_NS || attr.uri === '')) {
    const target = value.trim();
    if (target.startsWith('#')) {
      if (element === 'image') refuse(`${where} must embed a picture, not point at an element`);
      return;
    }
    if (element === 'image' && DATA_IMAGE.test(target)) return;
    refuse(`${where} points outside the image (${target.slice(0, 40)})`);
  }
  if (attr.uri === XML_NS) {
    if (attr.local === 'space' || attr.local === 'lang') return;
    refuse(`${where} is not allowed`);
  }
  if (attr.uri !== '' || !ATTRIBUTES.has(attr.local)) refuse(`${where} is not allowed in a logo`);
  if (attr.local === 'style') checkCss(value, where);
  else if (/url\s*\(/i.test(value)) {
    for (const match of value.match(ANY_URL) ?? []) {
      if (!LOCAL_URL.test(match.trim())) refuse(`${where} has url() pointing outside the image`);
    }
  }
}

export interface SvgFacts {
  width: number;
  height: number;
}

/** Parses a viewBox or width/height to the picture's size; a logo must have one. */
function sizeOf(attributes: Record<string, { value: string }>): SvgFacts {
  const viewBox = attributes.viewBox?.value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox && viewBox.length === 4 && viewBox.every(Number.isFinite)) {
    const [, , w, h] = viewBox as [number, number, number, number];
    if (w > 0 && h > 0) return { width: Math.ceil(w), height: Math.ceil(h) };
  }
  const length = (v: string | undefined) => {
    const m = v?.trim().match(/^(\d+(?:\.\d+)?)(px)?$/);
    return m ? Number(m[1]) : Number.NaN;
  };
  const w = length(attributes.width?.value);
  const h = length(attributes.height?.value);
  if (w > 0 && h > 0) return { width: Math.ceil(w), height: Math.ceil(h) };
  return refuse('the <svg> needs a viewBox (or a width and height in pixels) to know its size');
}

/**
 * The SVG's size, or an SvgRefused naming what is not allowed. `text` is the file decoded as UTF-8.
 */
export function checkSvg(text: string): SvgFacts {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let size: SvgFacts | undefined;
  const open: string[] = [];
  const inStyle = () => open.at(-1) === 'style';
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('doctype', () => refuse('it has a DOCTYPE (entity declarations are not allowed)'));
  parser.on('processinginstruction', (pi) => refuse(`it has a <?${pi.target}?> processing instruction`));
  parser.on('opentag', (tag) => {
    const t = tag as SaxesTagNS;
    if (t.uri !== SVG_NS)
      refuse(`<${t.name}> is not an SVG element${t.uri ? '' : ' (the file needs xmlns="http://www.w3.org/2000/svg")'}`);
    if (t.local === 'script') refuse('it has a <script>');
    if (t.local === 'foreignObject') refuse('it has a <foreignObject>');
    if (!ELEMENTS.has(t.local)) refuse(`<${t.local}> is not allowed in a logo`);
    if (open.length === 0) {
      if (t.local !== 'svg') refuse('the root element must be <svg>');
      size = sizeOf(t.attributes);
    }
    for (const attr of Object.values(t.attributes)) checkAttribute(t.local, attr);
    if (t.local === 'image' && !Object.values(t.attributes).some((a) => a.local === 'href')) {
      refuse('<image> must embed its picture');
    }
    if (open.at(-1) === 'style') refuse('<style> must hold only CSS');
    open.push(t.local);
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.on('text', (content) => {
    if (inStyle()) checkCss(content, '<style>');
  });
  parser.on('cdata', (content) => {
    if (!inStyle()) refuse('it has a CDATA section outside <style>');
    checkCss(content, '<style>');
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof SvgRefused) throw err;
    failure ??= err as Error;
  }
  if (failure) refuse(`it is not well-formed XML (${failure.message.replace(/^[^:]*:\d+:\d+: /, '').slice(0, 80)})`);
  if (!size) return refuse('it has no <svg> element');
  return size;
}
