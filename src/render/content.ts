/**
 * What goes in a book besides its puzzles, resolved from defaults, the template and the caller's
 * options (in that order of precedence, the caller last), and the plan that follows from it.
 */
import { DEFAULT_FRONT_MATTER, DEFAULT_TEXTS, type BookTexts, type FrontMatter } from '../book/texts.js';
import type { Teaching } from '../book/primer.js';
import { planBook, type BookPlan, type BookSection } from './layout.js';
import { createTextMeasure, layoutHints } from './pdf-writer.js';
import type { BookTemplate } from './template.js';

/** The parts of a book that decide its pages. */
export interface BookContent {
  template: BookTemplate;
  /** The title (overrides the template's `front.title`). */
  title?: string;
  subtitle?: string;
  /** Author, publisher, year, edition, ISBN, credit line (override the template's `front`). */
  front?: Partial<FrontMatter>;
  /** Texts that replace the defaults and the template's `texts` (levels merge level by level). */
  texts?: Partial<BookTexts>;
  sections: readonly BookSection[];
  /** The primer and hints, made with {@link teach} from the book's puzzles; omitted: neither. */
  teaching?: Teaching;
  /** Include the primer / the hints of `teaching`. Default: both when `teaching` is given. */
  primer?: boolean;
  hints?: boolean;
}

/** Front matter with every field filled: defaults, then the template's, then the caller's. */
export function resolveFront(content: BookContent): FrontMatter {
  const front: FrontMatter = { ...DEFAULT_FRONT_MATTER, ...content.template.front, ...content.front };
  if (content.title !== undefined) front.title = content.title;
  if (content.subtitle !== undefined) front.subtitle = content.subtitle;
  return front;
}

/** Texts with every field filled: defaults, then the template's, then the caller's. */
export function resolveTexts(content: BookContent): BookTexts {
  const fromTemplate = content.template.texts;
  const fromCaller = content.texts ?? {};
  return {
    ...DEFAULT_TEXTS,
    ...fromTemplate,
    ...fromCaller,
    levels: { ...DEFAULT_TEXTS.levels, ...fromTemplate.levels, ...fromCaller.levels },
  };
}

/** The plan of a book with its primer and hints pages counted. */
export function planContent(content: BookContent): { plan: BookPlan; front: FrontMatter; texts: BookTexts } {
  const front = resolveFront(content);
  const texts = resolveTexts(content);
  const teaching = content.teaching;
  const primerPages = teaching && (content.primer ?? true) ? teaching.primer.length : 0;
  let hintPages = 0;
  if (teaching && (content.hints ?? true) && teaching.hints.length > 0) {
    hintPages = layoutHints(content.template, teaching.hints, createTextMeasure(), texts.hints).pages.length;
  }
  const plan = planBook(content.template, { title: front.title, sections: content.sections, primerPages, hintPages });
  return { plan, front, texts };
}
