import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

/** A piece of text as a page draws it: one text object, where it starts, what it says. */
export interface PdfTextPiece {
  x: number;
  y: number;
  text: string;
}

/**
 * Reads a PDF the way a viewer starts to: `startxref` → the cross-reference table, whose every
 * offset must land on its `N 0 obj`; the trailer's /Size and /Root; the page tree; each page's
 * content stream inflated. Then the text the way a copy-paste gets it: each font's ToUnicode map
 * turns the glyph ids that `Tj` and `TJ` draw back into characters (what pdfkit writes: two-byte
 * glyph ids in hex strings, `bfrange` maps), so a name printed as "?" or as the wrong glyphs fails.
 */
export function readPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const xref = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
  const size = Number(xref?.[1]);
  const entries = text
    .slice(startxref + (xref?.[0].length ?? 0))
    .split('\n')
    .slice(0, size);
  expect(entries[0]).toBe('0000000000 65535 f ');
  const offsets: number[] = [];
  for (let id = 1; id < size; id++) {
    const entry = entries[id] as string;
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    offsets[id] = offset;
  }
  const trailer = /trailer\s*<<(.*?)>>\s*startxref/s.exec(text)?.[1] ?? '';
  expect(trailer).toContain(`/Size ${size}`);
  const object = (id: number) => {
    const at = offsets[id] as number;
    return text.slice(at, text.indexOf('endobj', at));
  };
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const stream = (id: number) => {
    const obj = object(id);
    const length = Number(/\/Length (\d+)/.exec(obj)?.[1]);
    const start = (offsets[id] as number) + obj.indexOf('stream\n') + 'stream\n'.length;
    const raw = bytes.subarray(start, start + length);
    return (obj.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
  };
  const root = ref(trailer, 'Root');
  expect(object(root)).toContain('/Type /Catalog');
  const pages = object(ref(object(root), 'Pages'));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pages)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  expect(pages).toContain(`/Count ${kids.length}`);
  const unicodeMaps = new Map<number, Map<number, string>>();
  const unicodeOf = (fontId: number) => {
    let map = unicodeMaps.get(fontId);
    if (!map) {
      map = toUnicode(stream(ref(object(fontId), 'ToUnicode')));
      unicodeMaps.set(fontId, map);
    }
    return map;
  };
  const contents: string[] = [];
  const mediaBoxes: string[] = [];
  const texts: PdfTextPiece[][] = [];
  for (const kid of kids) {
    const page = object(kid);
    mediaBoxes.push(/\/MediaBox \[([^\]]*)\]/.exec(page)?.[1] ?? '');
    const resourcesId = ref(page, 'Resources');
    const resources = Number.isNaN(resourcesId) ? page : object(resourcesId);
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map([...fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [m[1] as string, Number(m[2])]));
    const content = stream(ref(page, 'Contents'));
    contents.push(content);
    texts.push(
      [...content.matchAll(/BT\b([\s\S]*?)\bET/g)].map(([, body = '']) => {
        const tm = /([-\d.]+) ([-\d.]+) Tm/.exec(body);
        let font: Map<number, string> | undefined;
        let out = '';
        for (const op of body.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9a-fA-F]*)>/g)) {
          if (op[1]) {
            const id = fonts.get(op[1]);
            expect(id, `font ${op[1]} in the page's resources`).toBeDefined();
            font = unicodeOf(id as number);
          } else {
            for (const gid of (op[2] ?? '').match(/.{4}/g) ?? [])
              out += font?.get(Number.parseInt(gid, 16)) ?? '\uFFFD';
          }
        }
        return { x: Number(tm?.[1]), y: Number(tm?.[2]), text: out };
      }),
    );
  }
  const info = Object.fromEntries(
    [...object(ref(trailer, 'Info')).matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [
      m[1] as string,
      object(Number(m[2]))
        .replace(/^\d+ 0 obj\s*/, '')
        .trim(),
    ]),
  );
  return { pageCount: kids.length, contents, mediaBoxes, texts, info };
}

/** A ToUnicode CMap's `bfchar` and `bfrange` entries: glyph id → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const [, body = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      map.set(Number.parseInt(m[1] as string, 16), utf16(m[2] as string));
    }
  }
  for (const [, body = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = Number.parseInt(m[1] as string, 16);
      const to = Number.parseInt(m[2] as string, 16);
      const target = m[3] as string;
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((t, i) => {
          map.set(from + i, utf16(t[1] as string));
        });
      } else {
        const first = Number.parseInt(target.slice(1, -1), 16);
        for (let gid = from; gid <= to; gid++) map.set(gid, String.fromCharCode(first + gid - from));
      }
    }
  }
  return map;
}

/** The lines of a page as a reader sees them: pieces on one baseline joined left to right. */
export function pdfLines(pieces: PdfTextPiece[]): string[] {
  const rows = new Map<number, PdfTextPiece[]>();
  for (const p of pieces) {
    const y = Math.round(p.y);
    rows.set(y, [...(rows.get(y) ?? []), p]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((p) => p.text)
        .join(''),
    );
}
