/** The part of fontkit (a pdfkit dependency, ships no types) that font-outlines.ts uses. */
declare module 'fontkit' {
  interface Glyph {
    advanceWidth: number;
    path: { toSVG(): string };
  }
  interface Font {
    familyName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  interface FontCollection {
    fonts: Font[];
  }
  export function openSync(path: string): Font | FontCollection;
}
