// Locators for the portfolio page, by what a reader sees: rows by their header cell, amounts by column.
import type { Locator, Page } from '@playwright/test'
import type { ExpectedAmounts } from './demoBalances'
import { expect } from './fixtures'

export const demoAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function tokenRow(page: Page, tokenName: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${tokenName}\\b`) }) })
}

export function chainRow(page: Page, chainName: string, symbol: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${chainName}\\s*${symbol} ·`) }) })
}

export async function expandToken(page: Page, tokenName: string): Promise<void> {
  const toggle = tokenRow(page, tokenName).getByRole('button')
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
}

/** Checks the total, unlocked and locked cells (wide layout). */
export async function expectAmounts(row: Locator, amounts: ExpectedAmounts): Promise<void> {
  await expect(row.locator('[data-column=total] > span').first()).toHaveText(amounts.total)
  await expect(row.locator('[data-column=unlocked]')).toHaveText(amounts.unlocked)
  await expect(row.locator('[data-column=locked]')).toHaveText(amounts.locked)
}
