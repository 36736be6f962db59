import { expect, type Page } from '@playwright/test';

/** Chooses a catalogue filter's option by pointer, as a person does. */
export async function chooseFilter(page: Page, filter: 'Country' | 'Currency' | 'Category', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: filter })).toHaveText(option);
}

/** Narrows the catalogue to one country, currency and category, the three the page asks for. */
export async function chooseCatalog(page: Page, country: string, currency: string, category: string) {
  await chooseFilter(page, 'Country', country);
  await chooseFilter(page, 'Currency', currency);
  await chooseFilter(page, 'Category', category);
}
