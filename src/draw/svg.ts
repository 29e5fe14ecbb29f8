import { ownCopy } from '../core/errors.js';
import type { FontOutlines } from './glyphs.js';
import type { Meta, Paint, PathCommand, Primitive, Scene, TextPrimitive } from './scene.js';

/**
 * Numbers with at most two decimals and no trailing zeros: short, and the same text for the same
 * input on every platform (the output is compared byte for byte).
 */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
    // Characters XML 1.0 does not allow at all (a label's control characters): a parser stops at them.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function paintAttributes(paint: Paint): string {
  let out = ` fill="${paint.fill ?? 'none'}"`;
  if (paint.stroke !== undefined) {
    out += ` stroke="${paint.stroke}" stroke-width="${num(paint.strokeWidth ?? 1)}"`;
    if (paint.dash && paint.dash.length > 0) out += ` stroke-dasharray="${paint.dash.map(num).join(' ')}"`;
  }
  if (paint.opacity !== undefined && paint.opacity < 1) out += ` opacity="${num(paint.opacity)}"`;
  return out;
}

function metaAttributes(meta: Meta | undefined): string {
  if (!meta) return '';
  let out = ` class="${escapeXml(meta.cls)}"`;
  if (meta.data) {
    for (const key of Object.keys(meta.data).sort()) out += ` data-${key}="${escapeXml(String(meta.data[key]))}"`;
  }
  return out;
}

function pathData(commands: readonly PathCommand[]): string {
  return commands
    .map((c) => (c.op === 'Z' ? 'Z' : c.op === 'Q' ? `Q${num(c.cx)} ${num(c.cy)} ${num(c.x)} ${num(c.y)}` : `${c.op}${num(c.x)} ${num(c.y)}`))
    .join('');
}

/**
 * Centred text as glyph outlines: one path per character, placed by a transform (font units,
 * y up, to user units, y down). Null when the outlines lack a character.
 */
function outlinedText(p: TextPrimitive, glyphs: FontOutlines): string | null {
  const face = p.bold ? glyphs.bold : glyphs.regular;
  const scale = p.size / face.unitsPerEm;
  let width = 0;
  for (const ch of p.text) {
    const glyph = face.glyphs[ch];
    if (!glyph) return null;
    width += glyph.advance;
  }
  let x = p.x - (width * scale) / 2;
  const paths: string[] = [];
  for (const ch of p.text) {
    const glyph = face.glyphs[ch]!;
    if (glyph.d !== '') paths.push(`<path transform="matrix(${num4(scale)} 0 0 ${num4(-scale)} ${num(x)} ${num(p.y)})" d="${glyph.d}"/>`);
    x += glyph.advance * scale;
  }
  return `<g${metaAttributes(p.meta)} fill="${p.fill}">${paths.join('')}</g>`;
}

/** Four decimals: glyph scales are small numbers. */
function num4(value: number): string {
  const rounded = Math.round(value * 10000) / 10000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function primitiveSvg(p: Primitive, glyphs: FontOutlines | undefined): string {
  if (p.type === 'text' && glyphs) {
    const outlined = outlinedText(p, glyphs);
    if (outlined !== null) return outlined;
  }
  switch (p.type) {
    case 'rect':
      return `<rect${metaAttributes(p.meta)} x="${num(p.x)}" y="${num(p.y)}" width="${num(p.width)}" height="${num(p.height)}"${paintAttributes(p)}/>`;
    case 'line':
      return `<line${metaAttributes(p.meta)} x1="${num(p.x1)}" y1="${num(p.y1)}" x2="${num(p.x2)}" y2="${num(p.y2)}"${paintAttributes(p)} stroke-linecap="butt"/>`;
    case 'circle':
      return `<circle${metaAttributes(p.meta)} cx="${num(p.cx)}" cy="${num(p.cy)}" r="${num(p.r)}"${paintAttributes(p)}/>`;
    case 'path':
      return `<path${metaAttributes(p.meta)} d="${pathData(p.commands)}"${paintAttributes(p)} stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'text':
      return `<text${metaAttributes(p.meta)} x="${num(p.x)}" y="${num(p.y)}" font-size="${num(p.size)}"${p.bold ? ' font-weight="bold"' : ''} fill="${p.fill}">${escapeXml(p.text)}</text>`;
  }
}

/** A scene as a standalone SVG document (no external references, no scripts). */
export function sceneToSvg(scene: Scene): string {
  // Own fields only: a scene made without a title must not take one from Object.prototype.
  scene = ownCopy(scene);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(scene.width)}" height="${num(scene.height)}" viewBox="0 0 ${num(scene.width)} ${num(scene.height)}" font-family="${escapeXml(scene.fontFamily)}" text-anchor="middle">`,
  ];
  if (scene.title !== undefined) parts.push(`<title>${escapeXml(scene.title)}</title>`);
  for (const p of scene.primitives) parts.push(primitiveSvg(p, scene.glyphs));
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
