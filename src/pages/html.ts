/**
 * What every page shares: escaping, the document shell and its style. Pages are static and
 * self-contained (inline CSS, SVG and a small script; no network), so they work from file://.
 */

/** Escapes text for HTML content and attribute values. Every piece of input text goes through it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * No network and nothing but our own inline code: even an escaping mistake could not load
 * anything from elsewhere.
 */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

const BASE_STYLE = `
:root { --ink: #202124; --muted: #5f6368; --line: #dadce0; --accent: #1a56c4; --paper: #ffffff; --soft: #f6f8fb; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: var(--paper); }
header.top { padding: 14px 24px 10px; border-bottom: 1px solid var(--line); }
header.top h1 { margin: 0; font-size: 20px; font-weight: 600; }
header.top .sub { color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
main { padding: 16px 24px 32px; }
a { color: var(--accent); }
code, .mono { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 4px 10px; border-bottom: 1px solid var(--line); }
th { font-weight: 600; color: var(--muted); font-size: 13px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.note { padding: 10px 14px; background: #fef7e0; border: 1px solid #f9d77e; border-radius: 6px; max-width: 720px; }
.error { background: #fce8e6; border-color: #f4a8a2; }
.level { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; color: #fff; }
.variant { display: inline-block; padding: 0 7px; border: 1px solid var(--line); border-radius: 10px; font-size: 12px; color: var(--ink); background: var(--soft); white-space: nowrap; }
`;

/** Colours of the levels, easiest first (the report's bars and the pages' badges). */
export const LEVEL_COLORS: Readonly<Record<string, string>> = {
  // Beginner light, easy dark: the two greens differ in lightness (contrast 2.7:1), not just in hue.
  beginner: '#9ccc65',
  easy: '#2e7d32',
  medium: '#1e88e5',
  hard: '#8e24aa',
  expert: '#e65100',
  extreme: '#b71c1c',
};

/** A level as a coloured badge. */
export function levelBadge(level: string): string {
  const dark = level === 'beginner' ? ';color:#1b3a00' : ''; // white on the light green would not read
  return `<span class="level" style="background:${LEVEL_COLORS[level] ?? '#5f6368'}${dark}">${escapeHtml(level)}</span>`;
}

/** A whole HTML document. `title` and `subtitle` are plain text (escaped here); `body` is HTML. */
export function htmlDocument(parts: { title: string; subtitle?: string; style?: string; body: string; script?: string }): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="sudoku-press">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${BASE_STYLE}${parts.style ?? ''}</style>`,
    '</head>',
    '<body>',
    `<header class="top"><h1>${escapeHtml(parts.title)}</h1>${parts.subtitle === undefined ? '' : `<div class="sub">${escapeHtml(parts.subtitle)}</div>`}</header>`,
    `<main>${parts.body}</main>`,
    parts.script === undefined ? '' : `<script>${parts.script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
