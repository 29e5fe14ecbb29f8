/**
 * The drawing model: a picture as a flat list of painting primitives in user units (px at 1x),
 * shared by the two back ends (SVG text here, pdfkit in src/render/board-pdf.ts). Primitives
 * carry only paint; what they mean is decided before (see shapes.ts), python-chess and chessground
 * style. `meta` labels a primitive for the SVG back end (class and data attributes, used by pages
 * and tests to find the highlighted cells); the PDF back end ignores it.
 */
export {};
