/**
 * Whose data this browser keeps for offline use: only a user id, in localStorage, so the main bundle can
 * tell without loading IndexedDB code whether there is anything to restore or forget (a visitor who
 * never signed in never downloads that code).
 */
const OWNER_KEY = 'savecircle.offlineDataOwner';

export function offlineDataOwner(): number | null {
  try {
    const value = Number(localStorage.getItem(OWNER_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function setOfflineDataOwner(userId: number | null) {
  try {
    if (userId === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(userId));
  } catch {
    // Storage refused (private mode, quota): offline data is a convenience, the app works without it.
  }
}
