import type { Page } from 'puppeteer-core';

/** What the shown step's shown board holds. */
export function shownView(page: Page) {
  return page.evaluate(() => {
    const step = [...document.querySelectorAll('.step')].find((s) => !(s as HTMLElement).hidden)!;
    const boards = [...step.querySelectorAll('.board')].filter((b) => !(b as HTMLElement).hidden);
    const svg = boards[0]?.querySelector('svg');
    const chains = [...(svg?.querySelectorAll('.mark-arrow') ?? [])].map((a) => a.getAttribute('data-chain'));
    return {
      index: Number(step.getAttribute('data-step')),
      shownBoards: boards.length,
      label: step.querySelector('.view-label')?.textContent ?? '',
      chains: [...new Set(chains)].sort(),
      arrows: chains.length,
      struck: svg?.querySelectorAll('.mark-strike').length ?? 0,
      width: svg?.getBoundingClientRect().width ?? 0,
    };
  });
}
