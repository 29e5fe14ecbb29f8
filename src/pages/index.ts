/** Static, self-contained pages: explain (a puzzle step by step) and the batch report. Portable. */
export {
  type ExplainPageInput,
  type ExplainPageOptions,
  type ExplainOutcome,
  type ExplainPage,
  type ExplainIndexEntry,
  type ExplainPathInput,
  explainPage,
  explainPathPage,
  explainIndexPage,
} from './explain-page.js';
export { escapeHtml, LEVEL_COLORS } from './html.js';
export { type ReportPuzzle, type ReportStats, ReportCollector, reportPage, statsText, histogramSvg } from './report.js';
