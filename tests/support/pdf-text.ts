import { inflateSync } from 'node:zlib';

/** WinAnsi's own characters in 0x80-0x9F (the rest is Latin-1; Node's TextDecoder may lack windows-1252) */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};
const winAnsi = {
  decode: (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join(''),
};

/**
 * The text a PDF draws, one shown string a line: each content stream is inflated (or read as it is) and its
 * `Tj` strings, hex or literal, decoded as the standard fonts encode them (WinAnsi). Enough for documents made
 * with the standard fonts, which draw each line with one `Tj`.
 */
export function pdfText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const latin = buffer.toString('latin1');
  const shown: string[] = [];
  for (const match of latin.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) continue;
    const raw = buffer.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g))
      shown.push(winAnsi.decode(Buffer.from(hex!.replace(/\s/g, ''), 'hex')));
    for (const [, literal] of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      shown.push(literal!.replace(/\\(.)/g, '$1'));
  }
  return shown.join('\n');
}
