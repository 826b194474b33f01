/** Each city card enters this much later than the one before it. */
export const CITY_CARD_DELAY_S = 0.05;

export function cardDelay(index: number): string {
  return `${(index * CITY_CARD_DELAY_S).toFixed(2)}s`;
}
