/** "12" → 12; anything but a positive integer (0, -1, 1.5, abc, 9999999999999999) → null. */
export function parseGroupId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
