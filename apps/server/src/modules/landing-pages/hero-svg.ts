import { escapeHtml, type HeroVisual } from '@giftrelay/contracts';
import { titleCase } from '@giftrelay/contracts/landing-page-basics';

/**
 * The built-in hero renderer (generate-hero-image): one SVG per hero visual style, drawn in
 * GiftRelay's colours (indigo #4f46e5 on slate, as apps/web/src/index.css), with the keyword as its
 * caption. The keyword is escaped; nothing else in the drawing comes from outside. Served as a
 * data: URL, which the site's CSP allows for images (an <img> never runs an SVG's scripts anyway).
 */

const W = 960;
const H = 540;
const C = {
  indigo: '#4f46e5',
  indigoLight: '#818cf8',
  indigoPale: '#eef2ff',
  indigoDeep: '#312e81',
  slate: '#0f172a',
  slateMid: '#475569',
  line: '#e2e8f0',
  white: '#ffffff',
  mint: '#10b981',
  amber: '#f59e0b',
  rose: '#f43f5e',
  sky: '#0ea5e9',
};

/** Cuts a long keyword at a word near 38 characters so the caption stays inside the picture. */
function caption(keyword: string): string {
  const text = titleCase(keyword.trim().replace(/\s+/g, ' '));
  if (text.length <= 40) return text;
  const cut = text.slice(0, 38);
  const space = cut.lastIndexOf(' ');
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

function frame(keyword: string, art: string): string {
  const label = escapeHtml(caption(keyword));
  // In title case, as the page's H1 reads.
  const title = escapeHtml(titleCase(keyword.trim().replace(/\s+/g, ' ')));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="t">`,
    `<title id="t">${title}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.indigoPale}"/><stop offset="1" stop-color="#e0e7ff"/></linearGradient>`,
    `<linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.indigo}"/><stop offset="1" stop-color="${C.indigoDeep}"/></linearGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" rx="28" fill="url(#bg)"/>`,
    `<circle cx="880" cy="60" r="140" fill="${C.indigoLight}" opacity="0.18"/>`,
    `<circle cx="70" cy="500" r="110" fill="${C.indigo}" opacity="0.1"/>`,
    art,
    `<rect x="40" y="452" width="${W - 80}" height="56" rx="14" fill="${C.white}" opacity="0.92"/>`,
    `<text x="64" y="488" font-family="Inter, system-ui, sans-serif" font-size="24" font-weight="600" fill="${C.slate}">${label}</text>`,
    `<text x="${W - 64}" y="488" text-anchor="end" font-family="Inter, system-ui, sans-serif" font-size="18" font-weight="700" fill="${C.indigo}">GiftRelay</text>`,
    '</svg>',
  ].join('');
}

function card(x: number, y: number, rotate: number, fill: string, brand: string, value: string): string {
  return [
    `<g transform="translate(${x} ${y}) rotate(${rotate})">`,
    `<rect width="300" height="188" rx="18" fill="${fill}"/>`,
    `<rect x="24" y="28" width="52" height="38" rx="8" fill="${C.white}" opacity="0.85"/>`,
    `<text x="24" y="150" font-family="Inter, system-ui, sans-serif" font-size="22" font-weight="700" fill="${C.white}">${brand}</text>`,
    `<text x="276" y="60" text-anchor="end" font-family="Inter, system-ui, sans-serif" font-size="30" font-weight="700" fill="${C.white}">${value}</text>`,
    '</g>',
  ].join('');
}

function cardStack(): string {
  return [
    card(260, 130, -12, C.sky, 'Travel', '$100'),
    card(350, 100, -3, C.mint, 'Coffee', '$25'),
    card(440, 110, 7, 'url(#brand)', 'Reward', '$50'),
    `<circle cx="800" cy="120" r="34" fill="${C.amber}"/>`,
    `<path d="M786 120l10 10 20-22" stroke="${C.white}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  ].join('');
}

function globe(): string {
  const cx = 480;
  const cy = 230;
  const r = 170;
  const pins: [number, number, string][] = [
    [-90, -60, C.amber],
    [60, -90, C.mint],
    [110, 30, C.rose],
    [-40, 70, C.sky],
  ];
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#brand)"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="60" fill="none" stroke="${C.indigoLight}" stroke-width="3" opacity="0.7"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="70" ry="${r}" fill="none" stroke="${C.indigoLight}" stroke-width="3" opacity="0.7"/>`,
    `<line x1="${cx - r}" y1="${cy}" x2="${cx + r}" y2="${cy}" stroke="${C.indigoLight}" stroke-width="3" opacity="0.7"/>`,
    ...pins.map(
      ([dx, dy, fill]) =>
        `<circle cx="${cx + dx}" cy="${cy + dy}" r="14" fill="${fill}" stroke="${C.white}" stroke-width="4"/>`,
    ),
    `<path d="M${cx - 90} ${cy - 60} Q ${cx - 10} ${cy - 170} ${cx + 60} ${cy - 90}" fill="none" stroke="${C.white}" stroke-width="3" stroke-dasharray="8 8"/>`,
    `<path d="M${cx + 110} ${cy + 30} Q ${cx + 40} ${cy + 140} ${cx - 40} ${cy + 70}" fill="none" stroke="${C.white}" stroke-width="3" stroke-dasharray="8 8"/>`,
  ].join('');
}

function dashboard(): string {
  const bars = [90, 140, 110, 180, 150, 220, 200];
  return [
    `<rect x="120" y="50" width="720" height="380" rx="20" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>`,
    `<rect x="120" y="50" width="170" height="380" rx="20" fill="url(#brand)"/>`,
    ...[0, 1, 2, 3, 4].map(
      (i) =>
        `<rect x="146" y="${100 + i * 52}" width="${i === 0 ? 118 : 96}" height="14" rx="7" fill="${C.white}" opacity="${i === 0 ? 0.95 : 0.5}"/>`,
    ),
    ...[0, 1, 2].map((i) =>
      [
        `<rect x="${320 + i * 170}" y="80" width="150" height="84" rx="12" fill="${C.indigoPale}"/>`,
        `<rect x="${338 + i * 170}" y="100" width="70" height="10" rx="5" fill="${C.slateMid}" opacity="0.5"/>`,
        `<rect x="${338 + i * 170}" y="124" width="${90 - i * 14}" height="20" rx="6" fill="${C.indigo}"/>`,
      ].join(''),
    ),
    ...bars.map(
      (h, i) =>
        `<rect x="${336 + i * 68}" y="${404 - h}" width="40" height="${h}" rx="8" fill="${i === 5 ? C.indigo : C.indigoLight}"/>`,
    ),
    `<polyline points="356,300 424,270 492,284 560,232 628,246 696,190 764,204" fill="none" stroke="${C.mint}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
  ].join('');
}

function person(x: number, y: number, skin: string, shirt: string, scale = 1): string {
  return [
    `<g transform="translate(${x} ${y}) scale(${scale})">`,
    `<path d="M-80 170 Q-80 70 0 70 Q80 70 80 170 Z" fill="${shirt}"/>`,
    `<circle cx="0" cy="0" r="54" fill="${skin}"/>`,
    `<circle cx="-18" cy="-8" r="6" fill="${C.slate}"/>`,
    `<circle cx="18" cy="-8" r="6" fill="${C.slate}"/>`,
    `<path d="M-22 16 Q0 40 22 16" stroke="${C.slate}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    '</g>',
  ].join('');
}

function smilingTeam(): string {
  return [
    `<rect x="130" y="360" width="700" height="40" rx="20" fill="${C.indigo}" opacity="0.15"/>`,
    person(300, 200, '#f2c7a5', C.sky, 0.9),
    person(660, 200, '#8d5b3e', C.mint, 0.9),
    person(480, 180, '#c68b62', 'url(#brand)', 1.05),
    `<g transform="translate(740 70) rotate(10)"><rect width="120" height="76" rx="12" fill="${C.amber}"/><rect x="14" y="16" width="30" height="22" rx="5" fill="${C.white}" opacity="0.85"/></g>`,
    `<path d="M200 90l8 18 18 8-18 8-8 18-8-18-18-8 18-8z" fill="${C.indigo}"/>`,
  ].join('');
}

const ART: Record<HeroVisual, () => string> = {
  card_stack: cardStack,
  globe,
  dashboard,
  smiling_team: smilingTeam,
};

export function renderHeroSvg(visual: HeroVisual, keyword: string): string {
  return frame(keyword, ART[visual]());
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
